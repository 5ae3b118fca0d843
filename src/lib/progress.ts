/** A one-line progress bar on stderr when it is a terminal; silent otherwise (pipes, CI, logs). */
export function progressBar(label: string, stream: { isTTY?: boolean; write(s: string): unknown } = process.stderr) {
  const started = performance.now();
  return {
    update(done: number, total: number, extra = "") {
      if (!stream.isTTY) return;
      const frac = total > 0 ? Math.min(1, done / total) : 0;
      const width = 30;
      const filled = Math.round(frac * width);
      const secs = (performance.now() - started) / 1000;
      stream.write(
        `\r${label} [${"#".repeat(filled)}${".".repeat(width - filled)}] ${(frac * 100).toFixed(0).padStart(3)}% ${extra} ${secs.toFixed(0)}s `,
      );
    },
    done() {
      if (stream.isTTY) stream.write("\n");
    },
  };
}
