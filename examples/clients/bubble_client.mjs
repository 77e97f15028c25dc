// Bubble from Node without a binding: one `bubble batch` co-process, one line in, one line out.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

export class Bubble {
  constructor(binary = "bubble", ...flags) {
    this.process = spawn(binary, ["batch", "--jobs", "1", ...flags], { stdio: ["pipe", "pipe", "inherit"] });
    this.waiting = [];  // answers come back in the order lines went in
    createInterface({ input: this.process.stdout }).on("line", (line) => {
      const result = JSON.parse(line), { resolve, reject } = this.waiting.shift();
      result.error ? reject(new Error(result.error.message)) : resolve(result.layout);
    });
  }
  layout(text, options) {
    return new Promise((resolve, reject) => {
      this.waiting.push({ resolve, reject });
      this.process.stdin.write(JSON.stringify({ id: 0, text, ...(options && { options }) }) + "\n");
    });
  }
  close() {
    this.process.stdin.end();
    return new Promise((resolve) => this.process.on("close", resolve));
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const bubble = new Bubble(process.argv[2] ?? "bubble");
  let input = "";
  for await (const chunk of process.stdin) input += chunk;
  const texts = input.split("\n").filter((t) => t !== "");
  for (const text of texts) console.log(JSON.stringify(await bubble.layout(text, { maxWidth: 240 })));
  process.exit(await bubble.close());
}
