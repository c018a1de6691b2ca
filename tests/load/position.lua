-- wrk script for GET /api/queue/position/driver/{driverId}: a random driver of the 10,000 in
-- the queue on every request (as phones do), and a JSON summary at the end.
-- BENCH_FIRST_DRIVER / BENCH_DRIVERS / BENCH_TOKEN come from the environment.
local first = tonumber(os.getenv("BENCH_FIRST_DRIVER"))
local count = tonumber(os.getenv("BENCH_DRIVERS"))
local token = os.getenv("BENCH_TOKEN")

request = function()
  local id = first + math.random(0, count - 1)
  return wrk.format("GET", "/api/queue/position/driver/" .. id,
    { ["Authorization"] = "Bearer " .. token })
end

done = function(summary, latency, requests)
  local e = summary.errors
  io.write(string.format(
    '{"requests": %d, "duration_us": %d, "p50_us": %d, "p99_us": %d, "max_us": %d, ' ..
    '"errors": %d, "non2xx": %d}\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    latency.max, e.connect + e.read + e.write + e.timeout, e.status))
end
