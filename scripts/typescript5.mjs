// `node --import ./scripts/typescript5.mjs …` registers typescript5-hook.mjs.
import { register } from "node:module";
register("./typescript5-hook.mjs", import.meta.url);
