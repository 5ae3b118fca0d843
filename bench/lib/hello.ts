/** The baseline: a bare Bun.serve JSON hello-world. Prints its port on stdout. */
const server = Bun.serve({
  port: 0,
  hostname: "127.0.0.1",
  fetch: () => Response.json({ hello: "world" }),
});
console.log(`PORT ${server.port}`);
