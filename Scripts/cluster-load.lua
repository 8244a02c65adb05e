-- wrk script for Scripts/cluster-test: POST a trip to /v1/render?format=pdf, or with
-- CLUSTER_MIX=1 (`cluster-test --mix`, issue #37) every kind of request at once: each
-- connection walks the list `mix` below from its own starting point (every format, both
-- layouts and page sizes, PDF/A, two themes, right-to-left and CJK languages), so documents
-- with different font sets are drawn side by side.
--
--   wrk -t2 -c8 -d20s --timeout 30s -s Scripts/cluster-load.lua http://127.0.0.1:18080
--
-- Run from the repository root (the body is read from a relative path), or set
-- CLUSTER_BODY to another itinerary JSON file and CLUSTER_PATH to another
-- request path. done() prints one line, key=value pairs separated by spaces:
--
--   cluster-load: requests=N non2xx=N status_errors=N badbody=N connect=N read=N write=N timeout=N p50_ms=X p99_ms=X duration_s=X statuses=200:N,503:N
--
-- non2xx counts every response outside 200-299 (counted here, in response());
-- status_errors is wrk's own summary.errors.status (status >= 400 only);
-- badbody counts 2xx responses whose body does not start as its media type's files do
-- (%PDF- for a PDF).
-- connect/read/write/timeout are wrk's socket errors.

local body_path = os.getenv("CLUSTER_BODY") or "Tests/Fixtures/spring-swing.json"
local f = assert(io.open(body_path, "rb"), "cluster-load.lua: cannot open " .. body_path)
local body = f:read("*a")
f:close()

wrk.method = "POST"
wrk.path = os.getenv("CLUSTER_PATH") or "/v1/render?format=pdf"
wrk.body = body
wrk.headers["Content-Type"] = "application/json"
-- The replicas take only keyed requests (issue #50); Scripts/cluster-test makes the key.
if os.getenv("CLUSTER_AUTHORIZATION") then wrk.headers["Authorization"] = os.getenv("CLUSTER_AUTHORIZATION") end

local mix = {
   "format=pdf&locale=ar",
   "format=pdf&theme=harbor",
   "format=pdf&locale=ja",
   "format=pdf&theme=northwind&locale=he&layout=day-sheets",
   "format=pdf&locale=de&pdfA=true",
   "format=pdf&locale=ru&pageSize=a4",
   "format=png&locale=ar&theme=harbor&dpi=36",
   "format=html&locale=ja&theme=northwind",
   "format=md&locale=he",
   "format=ics&locale=de",
   "format=gpx&locale=ar",
   "format=pdf&locale=zh&theme=harbor&pdfA=true",
   "format=pdf&locale=ko&layout=day-sheets",
   "format=pdf",
}
if os.getenv("CLUSTER_MIX") then
   local n = nil
   request = function()
      n = (n or start or 0) + 1
      return wrk.format(nil, "/v1/render?" .. mix[(n % #mix) + 1])
   end
else
   wrk.headers["Accept"] = "application/pdf"
end

-- How each media type's files start.
local starts = {
   ["application/pdf"] = "%PDF-",
   ["image/png"] = "\137PNG",
   ["text/html"] = "<!DOCTYPE",
   ["text/markdown"] = "",
   ["text/calendar"] = "BEGIN:VCALENDAR",
   ["application/gpx+xml"] = "<?xml",
}

-- Per-thread state (each wrk thread has its own Lua state); done() collects it.
local threads = {}

local counter = 0

function setup(thread)
   counter = counter + 1
   thread:set("start", counter * 5)
   table.insert(threads, thread)
end

non2xx = 0
badbody = 0
statuses = {}

function response(status, headers, body)
   statuses[status] = (statuses[status] or 0) + 1
   local media = (headers["Content-Type"] or headers["content-type"] or ""):match("^[^;]*")
   local prefix = starts[media]
   if status < 200 or status > 299 then
      non2xx = non2xx + 1
   elseif prefix == nil or body == nil or body:sub(1, #prefix) ~= prefix then
      badbody = badbody + 1
   end
end

function done(summary, latency, requests)
   local n2, bad, all = 0, 0, {}
   for _, t in ipairs(threads) do
      n2 = n2 + (t:get("non2xx") or 0)
      bad = bad + (t:get("badbody") or 0)
      for code, n in pairs(t:get("statuses") or {}) do
         all[code] = (all[code] or 0) + n
      end
   end
   local codes = {}
   for code, _ in pairs(all) do table.insert(codes, code) end
   table.sort(codes)
   local parts = {}
   for _, code in ipairs(codes) do table.insert(parts, string.format("%d:%d", code, all[code])) end
   local e = summary.errors
   io.write(string.format(
      "cluster-load: requests=%d non2xx=%d status_errors=%d badbody=%d connect=%d read=%d write=%d timeout=%d p50_ms=%.1f p99_ms=%.1f duration_s=%.1f statuses=%s\n",
      summary.requests, n2, e.status, bad, e.connect, e.read, e.write, e.timeout,
      latency:percentile(50) / 1000, latency:percentile(99) / 1000,
      summary.duration / 1e6, (#parts > 0) and table.concat(parts, ",") or "none"))
end
