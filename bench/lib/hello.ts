/** The baseline: a bare Bun.serve JSON hello-world. Listens on $PORT (else any free port) and prints it on stdout. */
const server = Bun.serve({
  port: Number(process.env.PORT ?? 0),
  hostname: "127.0.0.1",
  fetch: () => Response.json({ hello: "world" }),
});
console.log(`PORT ${server.port}`);
