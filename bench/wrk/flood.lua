-- wrk script for `npm run bench:server`: POST floods of the public write endpoints.
-- FLOOD_PATH    /api/event or /api/contact
-- FLOOD_MANY    "1": every request from another client address (X-Forwarded-For, for a server trusting one proxy)
-- FLOOD_REPORT  a file to write the answers' status counts to, as JSON ({"204": 123, "429": 4567})
local path = os.getenv("FLOOD_PATH")
local many = os.getenv("FLOOD_MANY") == "1"
local report = os.getenv("FLOOD_REPORT")
local agent = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36"

local threads = {}
function setup(thread)
  thread:set("index", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  math.randomseed(os.time() * 1000 + index)
  statuses = {}
  sent = 0
end

local function address()
  -- Documentation ranges would repeat too soon; any public-looking address will do for a hash.
  return string.format("%d.%d.%d.%d", 11 + math.random(0, 100), math.random(0, 255), math.random(0, 255), math.random(1, 254))
end

function request()
  sent = sent + 1
  local headers = { ["Content-Type"] = "application/json", ["User-Agent"] = agent, ["Accept"] = "application/json" }
  if many then headers["X-Forwarded-For"] = address() end
  local body
  if path == "/api/event" then
    body = string.format('{"k":"v","id":"bench-%d-%d-%d","p":"/","w":"desktop"}', index, sent, math.random(0, 1e9))
  else
    body = '{"name":"Bench Client","email":"bench@example.com","subject":"Benchmark enquiry","message":"Measuring the server under a flood."}'
  end
  return wrk.format("POST", path, headers, body)
end

function response(status, headers, body)
  statuses[status] = (statuses[status] or 0) + 1
end

function done(summary, latency, requests)
  local totals = {}
  for _, thread in ipairs(threads) do
    for status, count in pairs(thread:get("statuses")) do totals[status] = (totals[status] or 0) + count end
  end
  local parts = {}
  for status, count in pairs(totals) do table.insert(parts, string.format('"%d": %d', status, count)) end
  local file = io.open(report, "w")
  file:write("{" .. table.concat(parts, ", ") .. "}\n")
  file:close()
end
