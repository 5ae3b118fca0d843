/** The start floor with our framework: Elysia with one JSON route. Listens on $PORT (else any free port) and prints it. */
import { Elysia } from "elysia";

const app = new Elysia()
  .get("/", () => ({ hello: "world" }))
  .listen({ port: Number(process.env.PORT ?? 0), hostname: "127.0.0.1" });
console.log(`PORT ${app.server!.port}`);
