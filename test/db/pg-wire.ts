/**
 * A loopback proxy in front of the test PostgreSQL server that counts what goes over the wire: the
 * statements a client sends (each Sync of the extended protocol, each simple Query) and its round
 * trips. A round trip starts when a connection with nothing outstanding sends a request, and ends
 * when the server has answered every request sent (one ReadyForQuery each): statements pipelined
 * behind an unanswered one share its round trip, as they share the wait. The proxy forwards bytes
 * unchanged; it reads the protocol's message framing only (PostgreSQL's frontend/backend protocol 3).
 */
import type { Socket, TCPSocketListener } from "bun";
import { TEST_POSTGRES_URL } from "../../scripts/test-postgres";

export interface WireCounts {
  statements: number;
  roundTrips: number;
  /** Round trips that began or ended inside a transaction (ReadyForQuery's status T or E): BEGIN's to COMMIT's. */
  inTransaction: number;
  /** Each statement's text as parsed (a Parse or a simple Query), "(prepared)" for one parsed before; "|" starts a round trip. */
  log: string[];
}

/** One direction's message framing: calls `on(type)` per whole message. */
class Framer {
  private buf = new Uint8Array(0);
  /** Untyped messages still expected at the start (the client's startup, the server's SSL answer). */
  constructor(
    private untyped: number,
    private readonly on: (type: number, body: Uint8Array) => void,
  ) {}
  /** The client asked for TLS: the server's next reply is one byte, the client's next message untyped. */
  expectUntyped(n: number): void {
    this.untyped += n;
  }
  push(chunk: Uint8Array): void {
    const joined = new Uint8Array(this.buf.length + chunk.length);
    joined.set(this.buf);
    joined.set(chunk, this.buf.length);
    let at = 0;
    for (;;) {
      if (this.untyped > 0 && this.single) {
        if (joined.length - at < 1) break;
        this.single = false;
        this.untyped--;
        this.on(0, joined.subarray(at, at + 1));
        at += 1;
        continue;
      }
      const typed = this.untyped === 0;
      const head = typed ? 5 : 4;
      if (joined.length - at < head) break;
      const view = new DataView(joined.buffer, joined.byteOffset + at + (typed ? 1 : 0), 4);
      const length = view.getInt32(0) + (typed ? 1 : 0);
      if (joined.length - at < length) break;
      if (!typed) this.untyped--;
      this.on(typed ? joined[at]! : 0, joined.subarray(at, at + length));
      at += length;
    }
    this.buf = joined.slice(at);
  }
  /** The next untyped message is a single byte (the server's answer to an SSLRequest). */
  single = false;
}

const SSL_REQUEST = 80877103;
const S = "S".charCodeAt(0);
const Q = "Q".charCodeAt(0);
const Z = "Z".charCodeAt(0);
const P = "P".charCodeAt(0);
const B = "B".charCodeAt(0);

/** Starts the proxy; `url` is the test server's URL through it (same role, password and database path). */
export function countingProxy(): { url: (database: string) => string; counts: WireCounts; stop: () => void } {
  const target = new URL(TEST_POSTGRES_URL);
  const counts: WireCounts = { statements: 0, roundTrips: 0, inTransaction: 0, log: [] };
  const decoder = new TextDecoder();
  type Side = { upstream: Socket<undefined> | null; pending: Uint8Array[]; client: Framer };
  const listener: TCPSocketListener<Side> = Bun.listen<Side>({
    hostname: "127.0.0.1",
    port: 0,
    socket: {
      open(client) {
        let outstanding = 0;
        let text: string | null = null;
        /** The connection's transaction status at the last ReadyForQuery ('I' idle, 'T' in one, 'E' failed one). */
        let status = "I";
        /** Whether the round trip under way was counted as inside a transaction. */
        let counted = false;
        const names = new Map<string, string>();
        const fromServer = new Framer(0, (type, body) => {
          if (type !== Z || outstanding === 0) return;
          status = String.fromCharCode(body[5]!);
          if (--outstanding === 0 && !counted && status !== "I") counts.inTransaction++;
        });
        const side: Side = {
          upstream: null,
          pending: [],
          client: new Framer(1, (type, body) => {
            if (
              type === 0 &&
              body.length === 8 &&
              new DataView(body.buffer, body.byteOffset + 4, 4).getInt32(0) === SSL_REQUEST
            ) {
              side.client.expectUntyped(1); // the startup message follows the server's one-byte answer
              fromServer.expectUntyped(1);
              fromServer.single = true;
              return;
            }
            if (type === P) {
              const [name = "", parsed = ""] = decoder.decode(body.subarray(5)).split("\0");
              text = parsed;
              if (name) names.set(name, parsed);
            }
            if (type === B && text === null)
              text = names.get(decoder.decode(body.subarray(5)).split("\0")[1] ?? "") ?? null;
            if (type === Q) text = decoder.decode(body.subarray(5)).replace(/\0$/, "");
            if (type !== S && type !== Q) return;
            counts.statements++;
            if (outstanding++ === 0) {
              counts.roundTrips++;
              counted = status !== "I";
              if (counted) counts.inTransaction++;
            }
            counts.log.push(`${outstanding === 1 ? "| " : "  "}${text ?? "(prepared)"}`);
            text = null;
          }),
        };
        client.data = side;
        void Bun.connect({
          hostname: target.hostname,
          port: Number(target.port || 5432),
          socket: {
            open(upstream) {
              side.upstream = upstream;
              for (const chunk of side.pending.splice(0)) upstream.write(chunk);
            },
            data(_upstream, chunk) {
              fromServer.push(chunk);
              client.write(chunk);
            },
            close() {
              client.end();
            },
            error() {
              client.end();
            },
          },
        });
      },
      data(client, chunk) {
        const side = client.data;
        side.client.push(chunk);
        if (side.upstream) side.upstream.write(chunk);
        else side.pending.push(new Uint8Array(chunk));
      },
      close(client) {
        client.data.upstream?.end();
      },
    },
  });
  return {
    counts,
    url: (database) => {
      const u = new URL(TEST_POSTGRES_URL);
      u.hostname = "127.0.0.1";
      u.port = String(listener.port);
      u.pathname = `/${database}`;
      return u.toString();
    },
    stop: () => listener.stop(true),
  };
}
