-- wrk script: POST /api/v1/render-template with a template's data, one
-- string field changed in every request so that each response is a real
-- render. Usage (from the repository root):
--
--   wrk -t1 -c16 -d60s --latency -s server/testdata/load/render-template.lua \
--       http://127.0.0.1:8080 -- invoice templates/samples/invoice.json invoice_number
--
-- Arguments after --: the template id, its data file and the field whose
-- first string value gets a per-request suffix (default invoice_number).

local template_id, data_file, field = "invoice", "templates/samples/invoice.json", "invoice_number"
local data
local counter = 0
local thread_id = 0

function init(args)
  template_id = args[1] or template_id
  data_file = args[2] or data_file
  field = args[3] or field
  local f = assert(io.open(data_file, "rb"))
  data = f:read("*a")
  f:close()
  thread_id = math.random(1, 1000000)
end

function request()
  counter = counter + 1
  local tag = string.format("-%d-%d", thread_id, counter)
  local body = data:gsub('("' .. field .. '"%s*:%s*"[^"]*)"', "%1" .. tag .. '"', 1)
  body = '{"template_id":"' .. template_id .. '","data":' .. body .. '}'
  return wrk.format("POST", "/api/v1/render-template", {["Content-Type"] = "application/json"}, body)
end

function done(summary, latency, requests)
  io.write(string.format("non-2xx/3xx: %d, socket errors: connect %d read %d write %d timeout %d\n",
    summary.errors.status, summary.errors.connect, summary.errors.read, summary.errors.write, summary.errors.timeout))
  io.write(string.format("p50 %.1f ms, p90 %.1f ms, p99 %.1f ms, max %.1f ms\n",
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
