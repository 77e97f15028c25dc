"""Bubble from Python without a binding: one `bubble batch` co-process, one line in, one line out."""
import json, subprocess, sys

class Bubble:
    def __init__(self, binary="bubble", *flags):
        self.process = subprocess.Popen([binary, "batch", "--jobs", "1", *flags], stdin=subprocess.PIPE,
                                        stdout=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1)

    def layout(self, text, **options):
        line = {"id": 0, "text": text, **({"options": options} if options else {})}
        self.process.stdin.write(json.dumps(line, ensure_ascii=False) + "\n")
        self.process.stdin.flush()
        result = json.loads(self.process.stdout.readline())  # answered at once, before the next line
        if "error" in result:
            raise ValueError(result["error"]["message"])
        return result["layout"]

    def close(self):
        self.process.stdin.close()
        return self.process.wait()

if __name__ == "__main__":
    bubble = Bubble(*sys.argv[1:2])
    for text in sys.stdin.read().splitlines():
        print(json.dumps(bubble.layout(text, maxWidth=240), ensure_ascii=False))
    sys.exit(bubble.close())
