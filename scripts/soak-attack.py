#!/usr/bin/env python3
"""The attacking half of scripts/soak: PORT SERVER_PID ATTACK_SECONDS AFTER_SECONDS WORKDIR [MIX [CORPUS [NICE]]].

Loopback only; every request says X-Client-Id: attacker. MIX hostile (the default): for ATTACK_SECONDS it
holds 1,000 idle connections and 20 slow bodies (a byte every 3 s), and loops over hostile requests (huge
headers, 100,000 nested '[', 1e400, duplicate keys, invalid UTF-8, options at their limits, markup with
extreme sizes, distinct font sizes by the thousand) on 3 threads. MIX expensive: 3 keep-alive connections
post valid requests of 100 long messages (corpus messages joined to 1-3 KB) at three widths and a font
size no request used before, each sent again at once when refused (a careless client).
Throughout and for AFTER_SECONDS more it GETs /healthz every 100 ms and samples the server's resident
memory, then writes WORKDIR/attack.json: /healthz latency, RSS peak, and the answers by kind.
The attack runs in a process of its own, at `nice` NICE (0, the default: the caller's priority), and the
prober stays in this one at the caller's priority (a prober sharing the attack's process and its GIL
would time the attacker's threads, not the server)."""
import collections, http.client, json, os, socket, sys, threading, time

port, pid, attack, after, work = int(sys.argv[1]), int(sys.argv[2]), float(sys.argv[3]), float(sys.argv[4]), sys.argv[5]
mix = sys.argv[6] if len(sys.argv) > 6 else "hostile"
corpus = sys.argv[7] if len(sys.argv) > 7 else "bench/corpus/messages.jsonl"
nice = int(sys.argv[8]) if len(sys.argv) > 8 else 0
stop = time.monotonic() + attack
answers = collections.defaultdict(collections.Counter)
lock = threading.Lock()
healthz, health_failures, rss = [], [0], []


def note(kind, outcome):
    with lock:
        answers[kind][str(outcome)] += 1


def rss_mb():
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS"):
                return int(line.split()[1]) / 1024
    return 0.0


def raw(kind, data, read=True, timeout=15):
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=timeout)
        s.sendall(data)
        head = s.recv(64) if read else b""
        s.close()
        note(kind, head.split(b"\r\n")[0].decode("latin-1")[9:12] or "closed")
    except OSError as e:
        note(kind, type(e).__name__)


def post(kind, body, extra=b""):
    if isinstance(body, str):
        body = body.encode()
    raw(kind, b"POST /v1/layout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nConnection: close\r\nX-Client-Id: attacker\r\n"
        + extra + b"Content-Length: %d\r\n\r\n" % len(body) + body)


def hostile(offset):
    k = offset * 1_000_000
    while time.monotonic() < stop:
        raw("huge headers", b"GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 200_000 + b"\r\n\r\n")
        post("100000 nested [", "[" * 100_000)
        post("1e400", '{"messages":[{"id":1,"text":"a","options":{"fontSize":1e400}}]}')
        post("duplicate keys", '{"messages":[{"id":1,"text":"a"}],"messages":[{"id":2,"text":"b"}]}')
        post("invalid UTF-8", b'{"messages":[{"id":1,"text":"a\xff\xfeb"}]}')
        post("options at limits", json.dumps({"options": {"maxWidth": 100000, "fontSize": 1000, "maxLines": 1000000,
              "pageHeight": 10000000, "lineHeight": 100, "padding": 10000, "emojiSize": 1000, "lineSpacing": 1000,
              "paragraphSpacing": 1000, "firstLineIndent": 10000}, "messages": [{"id": 1, "text": "limits " * 200}]}))
        post("markup extreme sizes", json.dumps({"messages": [
            {"id": 1, "markup": '<font size="3000000">hi</font>'},
            {"id": 2, "markup": '<img src="a" width="1" height="1e17">'},
            {"id": 3, "spans": [{"type": "img", "name": "x", "width": 1, "height": 1e17}]}]}))
        messages = []
        for _ in range(50):
            k += 1
            messages.append({"id": k, "text": "distinct size %d" % k, "options": {"fontSize": 10 + (k % 989_000) / 1000}})
        post("distinct font sizes", json.dumps({"messages": messages}))


def expensive(offset):
    texts = [json.loads(l)["text"] for l in open(corpus, encoding="utf-8") if l.strip()][:3000]
    i = offset * 7919
    # Four sets of 100 long messages, built before the attack (the attacker's own CPU is not the test);
    # each request takes the next with a font size no request used before.
    sets = []
    for _ in range(4):
        messages = []
        for m in range(100):
            parts, n = [], 0
            target = 1000 + (i * 37 % 2000)
            while n < target:
                i += 1
                parts.append(texts[i % len(texts)])
                n += len(parts[-1].encode()) + 1
            messages.append({"id": m, "text": " ".join(parts)})
        sets.append(json.dumps(messages))
    size = 9 + offset / 10
    k = 0
    conn = None
    while time.monotonic() < stop:
        size += 0.37  # a fresh size per request, never used before
        k += 1
        body = '{"options":{"widths":[200,280,360],"fontSize":%.2f},"messages":%s}' % (size, sets[k % len(sets)])
        try:
            if conn is None:
                conn = http.client.HTTPConnection("127.0.0.1", port, timeout=60)
            conn.request("POST", "/v1/layout", body, {"Content-Type": "application/json", "X-Client-Id": "attacker"})
            r = conn.getresponse()
            r.read()
            note("100 long messages, 3 widths, fresh size", r.status)
            if r.getheader("Connection", "").lower() == "close":
                conn.close()
                conn = None
        except (OSError, http.client.HTTPException) as e:
            note("100 long messages, 3 widths, fresh size", type(e).__name__)
            conn = None


def slow_body(i):
    try:
        s = socket.create_connection(("127.0.0.1", port), timeout=5)
        s.sendall(b"POST /v1/layout HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Length: 100000\r\n\r\n{")
        began = time.monotonic()
        while time.monotonic() < stop:
            time.sleep(3)
            s.sendall(b" ")
        note("slow body (byte per 3 s)", "still open at the end")
    except OSError:
        note("slow body (byte per 3 s)", "closed after %ds" % round(time.monotonic() - began))


def idle_connections():
    held = []
    for _ in range(1000):
        try:
            held.append(socket.create_connection(("127.0.0.1", port), timeout=5))
        except OSError as e:
            note("idle connections", type(e).__name__)
    note("idle connections", "opened %d" % len(held))
    while time.monotonic() < stop:
        time.sleep(0.5)
    for s in held:
        s.close()


def prober():
    end = stop + after
    while time.monotonic() < end:
        t = time.monotonic()
        try:
            c = http.client.HTTPConnection("127.0.0.1", port, timeout=5)
            c.request("GET", "/healthz")
            ok = c.getresponse().status == 200
            c.close()
            if ok:
                healthz.append((time.monotonic() - t) * 1000)
            else:
                health_failures[0] += 1
        except OSError:
            health_failures[0] += 1
        try:
            rss.append(rss_mb())
        except OSError:
            pass
        time.sleep(max(0, 0.1 - (time.monotonic() - t)))


attackers = []
if mix == "expensive":
    attackers += [threading.Thread(target=expensive, args=(i,)) for i in range(3)]
else:
    attackers += [threading.Thread(target=idle_connections)]
    attackers += [threading.Thread(target=slow_body, args=(i,)) for i in range(20)]
    attackers += [threading.Thread(target=hostile, args=(i,)) for i in range(3)]
# The attack runs in a process of its own (at nice N when asked), so that the prober's /healthz times are
# the server's, not waits for this process's GIL behind the attack threads; forked before any thread
# starts, the child sends its answers back through a pipe when done.
r, w = os.pipe()
child = os.fork()
if child == 0:
    os.close(r)
    if nice:
        os.nice(nice)
    for t in attackers:
        t.start()
    for t in attackers:
        t.join()
    with os.fdopen(w, "w") as out:
        json.dump({k: dict(v) for k, v in answers.items()}, out)
    os._exit(0)
os.close(w)
probe = threading.Thread(target=prober)
probe.start()
probe.join()
with os.fdopen(r) as inp:
    for kind, by in json.load(inp).items():
        answers[kind].update(by)
os.waitpid(child, 0)
healthz.sort()
report = {
    "healthzMaxMs": round(healthz[-1], 1) if healthz else None,
    "healthzP99Ms": round(healthz[int(len(healthz) * 0.99) - 1], 1) if healthz else None,
    "healthzProbes": len(healthz), "healthzFailures": health_failures[0],
    "rssPeakMB": round(max(rss), 1) if rss else None,
    "attack": {k: dict(v) for k, v in sorted(answers.items())},
}
json.dump(report, open(f"{work}/attack.json", "w"), indent=1)
