-- wrk script for `npm run bench:server`, scenario "report-link flood": one client asking for pages rendered on demand
-- that do not exist, each address new, as fast as its connections allow.
-- FLOOD_PREFIX   "/reports/" (a made-up report link: a random 43-character token) or "/blog/" (a made-up post: the same
--                43 characters, a valid slug)
-- FLOOD_ADDRESS  the one client's address (X-Forwarded-For, for a server trusting one proxy)
-- FLOOD_REPORT   a file to write the answers' status counts to, as JSON ({"404": 1234})
local prefix = os.getenv("FLOOD_PREFIX")
local address = os.getenv("FLOOD_ADDRESS")
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
end

-- 43 characters from four random numbers (hex digits are in both alphabets): a few calls a request, so the flood's
-- own CPU time stays small beside the server's on a machine of two cores.
local function name()
  return string.format("%011x%011x%011x%010x", math.random(0, 2^40), math.random(0, 2^40), math.random(0, 2^40), math.random(0, 2^36))
end

function request()
  local headers = { ["User-Agent"] = agent, ["Accept"] = "text/html", ["Accept-Encoding"] = "br, gzip", ["X-Forwarded-For"] = address }
  return wrk.format("GET", prefix .. name(), headers)
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
