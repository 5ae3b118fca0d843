// Files imported `with { type: "file" }` resolve to a path: on disk in development, inside the
// executable ($bunfs) when compiled. See src/assets.ts.
declare module "*.sqlite" {
  const path: string;
  export default path;
}
declare module "*.wasm" {
  const path: string;
  export default path;
}
declare module "*.css" {
  const path: string;
  export default path;
}
declare module "swagger-ui-dist/swagger-ui-bundle.js" {
  const path: string;
  export default path;
}
declare module "@img/sharp-libvips-linux-x64/binary" {
  const path: string;
  export default path;
}
declare module "*of5" {
  const path: string;
  export default path;
}
declare module "*.onnx" {
  const path: string;
  export default path;
}
declare module "*.so.1" {
  const path: string;
  export default path;
}
declare module "*/ppocr_keys_v1.txt" {
  const path: string;
  export default path;
}
