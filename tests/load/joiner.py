#!/usr/bin/env python3
"""Joins at a steady rate for one company (tests/load/position_bench.sh, issue 15 item 2).

joiner.py BASE_URL TOKEN COMPANY FIRST_DRIVER COUNT RATE: driver FIRST_DRIVER+i joins with
truck FIRST_DRIVER+i through POST /api/queue/save, RATE a second (each join in a thread, so
the pace holds however long a join takes), until COUNT or SIGINT; then
prints a JSON summary (sent, ok, errors, seconds, joins_per_second, p50_ms, p99_ms).
"""
import json
import signal
import sys
import threading
import time
import urllib.error
import urllib.request

base, token, company, first, count, rate = sys.argv[1:7]
company, first, count, rate = int(company), int(first), int(count), float(rate)
stop = False


def on_int(*_):
    global stop
    stop = True


signal.signal(signal.SIGINT, on_int)
latencies, errors = [], 0
lock = threading.Lock()


def join(i):
    global errors
    body = json.dumps({"driver": {"id": first + i}, "company": {"id": company},
                       "truck": {"id": first + i}}).encode()
    req = urllib.request.Request(base + "/api/queue/save", data=body, method="POST",
                                 headers={"Authorization": "Bearer " + token,
                                          "Content-Type": "application/json"})
    t = time.monotonic()
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            r.read()
        with lock:
            latencies.append((time.monotonic() - t) * 1000)
    except (urllib.error.URLError, OSError):
        with lock:
            errors += 1


# A steady pace: the i-th join leaves at start + i/rate, however long the earlier ones take
# (each in a thread of its own, so that a slow join does not hold back the next).
threads = []
start = time.monotonic()
for i in range(count):
    if stop:
        break
    delay = start + i / rate - time.monotonic()
    if delay > 0:
        time.sleep(delay)
    if stop:
        break
    th = threading.Thread(target=join, args=(i,))
    th.start()
    threads.append(th)
for th in threads:
    th.join()
seconds = time.monotonic() - start
latencies.sort()


def pct(p):
    return round(latencies[min(len(latencies) - 1, int(p / 100 * len(latencies)))], 2) if latencies else None


print(json.dumps({"sent": len(latencies) + errors, "ok": len(latencies), "errors": errors,
                  "seconds": round(seconds, 2),
                  "joins_per_second": round(len(latencies) / seconds, 1) if seconds else 0,
                  "p50_ms": pct(50), "p99_ms": pct(99)}))
