-- wrk script for GET /api/driver/groups: one fixed page (BENCH_PATH, with its query) per run,
-- signed in with BENCH_TOKEN, and a JSON summary at the end.
local path = os.getenv("BENCH_PATH")
local token = os.getenv("BENCH_TOKEN")

request = function()
  return wrk.format("GET", path, { ["Authorization"] = "Bearer " .. token })
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests": %d, "duration_us": %d, "p50_us": %d, "p99_us": %d, "max_us": %d, ' ..
    '"errors": %d, "non2xx": %d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    latency.max, e.connect + e.read + e.write + e.timeout, e.status))
end
