-- wrk script for `Scripts/cluster-test --mix`: every kind of request at once,
-- so documents with different font sets are drawn side by side (issue #37).
--
--   wrk -t2 -c4 -d20s --timeout 30s -s Scripts/cluster-mix.lua http://127.0.0.1:18080
--
-- Each connection walks the list below from its own starting point: every
-- format, both layouts and page sizes, PDF/A, two themes, and left-to-right,
-- right-to-left and CJK languages. The body is CLUSTER_BODY (default the
-- 14-day trip the test writes). done() prints one line as cluster-load.lua
-- does; badbody counts 2xx answers whose body does not start as its format's
-- files do.

local body_path = os.getenv("CLUSTER_BODY") or "Tests/Fixtures/spring-swing.json"
local f = assert(io.open(body_path, "rb"), "cluster-mix.lua: cannot open " .. body_path)
local body = f:read("*a")
f:close()

local requests = {
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

-- How each media type's files start.
local starts = {
   ["application/pdf"] = "%PDF-",
   ["image/png"] = "\137PNG",
   ["text/html"] = "<!DOCTYPE",
   ["text/markdown"] = "",
   ["text/calendar"] = "BEGIN:VCALENDAR",
   ["application/gpx+xml"] = "<?xml",
}

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
local n = nil

function request()
   n = (n or start or 0) + 1
   local query = requests[(n % #requests) + 1]
   return wrk.format("POST", "/v1/render?" .. query, {["Content-Type"] = "application/json"}, body)
end

function response(status, headers, response_body)
   statuses[status] = (statuses[status] or 0) + 1
   local media = (headers["Content-Type"] or headers["content-type"] or ""):match("^[^;]*")
   local prefix = starts[media]
   if status < 200 or status > 299 then
      non2xx = non2xx + 1
   elseif prefix == nil or response_body == nil or response_body:sub(1, #prefix) ~= prefix then
      badbody = badbody + 1
   end
end

function done(summary, latency, requests)
   local n2, bad, all = 0, 0, {}
   for _, t in ipairs(threads) do
      n2 = n2 + (t:get("non2xx") or 0)
      bad = bad + (t:get("badbody") or 0)
      for code, count in pairs(t:get("statuses") or {}) do
         all[code] = (all[code] or 0) + count
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
