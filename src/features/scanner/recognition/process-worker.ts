/**
 * A photo worker in a child process, with the few parts of the Worker API the pool uses (postMessage,
 * onmessage, a close event, terminate, ref/unref). A child process, not a worker thread, because a
 * stuck job must be killable: terminating a worker thread while onnxruntime-node runs a label read
 * throws a Napi::Error that ends in abort(), and the whole server died (SIGABRT). Killing a process
 * takes nothing else with it. Messages go over Bun's IPC channel, which clones typed arrays as
 * postMessage does.
 */
import { COMPILED } from "../../../assets";

/** The hidden command that makes the executable run a photo worker (src/index.ts). */
export const PHOTO_WORKER_COMMAND = "__photo-worker";

/** How to start one: the worker's source with this Bun, or the executable itself with the hidden command. */
function command(): string[] {
  return COMPILED
    ? [process.execPath, PHOTO_WORKER_COMMAND]
    : [process.execPath, new URL("./worker.ts", import.meta.url).pathname];
}

export class ProcessWorker {
  onmessage: ((e: MessageEvent) => void) | null = null;
  private readonly proc;
  private readonly closed: (() => void)[] = [];

  constructor() {
    this.proc = Bun.spawn(command(), {
      stdin: "ignore",
      stdout: "inherit",
      stderr: "inherit",
      ipc: (data) => this.onmessage?.({ data } as MessageEvent),
      serialization: "advanced",
    });
    void this.proc.exited.then(() => {
      for (const f of this.closed) f();
    });
  }

  get pid(): number {
    return this.proc.pid;
  }

  postMessage(message: unknown): void {
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return; // its close event follows
    try {
      this.proc.send(message);
    } catch {
      this.terminate(); // the channel broke: treated as a crash, and replaced
    }
  }

  addEventListener(type: "close", listener: () => void): void {
    if (type === "close") this.closed.push(listener);
  }

  /** SIGKILL: a stuck model gets no chance to run on, and nothing of it reaches this process. */
  terminate(): void {
    this.proc.kill("SIGKILL");
  }

  ref(): void {
    this.proc.ref();
  }

  unref(): void {
    this.proc.unref();
  }
}
