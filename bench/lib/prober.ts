/**
 * The /healthz prober of bench:responsiveness, in a worker thread of its own: the bench's client
 * side (reading a 136 MB export, parsing 5.8 MB recipe pages) blocks its own event loop, and a prober
 * sharing that loop timed the client's work as the server's. Messages: {start: url} begins probing
 * every 2 ms; {stop: true} answers with the round-trip times in milliseconds.
 */
declare const self: Worker;

let running = false;
let times: number[] = [];

self.onmessage = async (event: MessageEvent<{ start?: string; stop?: boolean }>) => {
  if (event.data.stop) {
    running = false;
    return;
  }
  const url = event.data.start!;
  running = true;
  times = [];
  while (running) {
    const t = performance.now();
    await (await fetch(url)).text();
    times.push(performance.now() - t);
    await Bun.sleep(2);
  }
  self.postMessage(times);
};
