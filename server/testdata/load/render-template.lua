-- wrk script: POST /api/v1/render-template with a template's sample data,
-- a different invoice_number (or id) in every request so that each response
-- is a real render. Usage (from the repository root):
--
--   wrk -t1 -c16 -d60s --latency -s server/testdata/load/render-template.lua \
--       http://127.0.0.1:8080 -- invoice templates/samples/invoice.json
--
-- Arguments after --: the template id and its data file. The data's first
-- "invoice_number" (or "certificate_id") value gets a per-request suffix.

local template_id, data_file = "invoice", "templates/samples/invoice.json"
local data
local counter = 0
local thread_id = 0

function init(args)
  template_id = args[1] or template_id
  data_file = args[2] or data_file
  local f = assert(io.open(data_file, "rb"))
  data = f:read("*a")
  f:close()
  thread_id = math.random(1, 1000000)
end

function request()
  counter = counter + 1
  local tag = string.format("-%d-%d", thread_id, counter)
  local body, n = data:gsub('("invoice_number"%s*:%s*"[^"]*)"', "%1" .. tag .. '"', 1)
  if n == 0 then
    body = data:gsub('("certificate_id"%s*:%s*"[^"]*)"', "%1" .. tag .. '"', 1)
  end
  body = '{"template_id":"' .. template_id .. '","data":' .. body .. '}'
  return wrk.format("POST", "/api/v1/render-template", {["Content-Type"] = "application/json"}, body)
end

function done(summary, latency, requests)
  io.write(string.format("non-2xx/3xx: %d, socket errors: connect %d read %d write %d timeout %d\n",
    summary.errors.status, summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout))
  io.write(string.format("p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms\n",
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
