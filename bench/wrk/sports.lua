-- wrk script for bench/sports.ts: sportsbook slips through POST /api/sports/slip, as autocannon sends them
-- there. Each thread plays its own share of the members in turn (member i goes to thread i mod threads), so
-- a member's next slip is thousands of requests behind its last one and never overlaps it; every slip has
-- a new request id. Arguments: the file of session tokens (one per line), the number of threads, the prefix
-- of the request ids, the file of slips (kind, stake and the legs' JSON, tab-separated, one per line).
-- Prints one line of JSON: requests, answers by HTTP status and code, the bets and legs the accepted slips
-- placed (read from the answers), latency in ms.
local threads = {}

function setup(thread)
  thread:set("id", #threads + 1)
  table.insert(threads, thread)
end

function init(args)
  local tokens = {}
  for line in io.lines(args[1]) do
    tokens[#tokens + 1] = line
  end
  count = tonumber(args[2])
  prefix = args[3]
  mine = {}
  for i = 1, #tokens do
    if (i - 1) % count == id - 1 then
      mine[#mine + 1] = tokens[i]
    end
  end
  slips = {}
  for line in io.lines(args[4]) do
    local kind, stake, legs = line:match("^(%S+)\t(%d+)\t(.+)$")
    slips[#slips + 1] = { kind, stake, legs }
  end
  sent = 0
  codes = {}
  bets = 0
  legs = 0
end

function request()
  sent = sent + 1
  local token = mine[(sent - 1) % #mine + 1]
  local slip = slips[((sent - 1) * count + id - 1) % #slips + 1]
  local body = string.format(
    '{"requestId":"%s-%d-%d","kind":"%s","stake":%s,"accept":"any","legs":%s}',
    prefix, id, sent, slip[1], slip[2], slip[3])
  return wrk.format("POST", "/api/sports/slip",
    { ["content-type"] = "application/json", ["authorization"] = "Bearer " .. token }, body)
end

function response(status, headers, body)
  local code = body:match('"code":"([^"]+)"') or "NO_CODE"
  local key = status .. " " .. code
  codes[key] = (codes[key] or 0) + 1
  if status < 300 and code == "OK" then
    for _ in body:gmatch('"reference":"S') do bets = bets + 1 end
    for _ in body:gmatch('"marketId":') do legs = legs + 1 end
  end
end

function done(summary, latency, requests)
  local all = {}
  local placed, taken = 0, 0
  for _, thread in ipairs(threads) do
    for code, n in pairs(thread:get("codes")) do
      all[code] = (all[code] or 0) + n
    end
    placed = placed + thread:get("bets")
    taken = taken + thread:get("legs")
  end
  local parts = {}
  for code, n in pairs(all) do
    parts[#parts + 1] = string.format('"%s":%d', code, n)
  end
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"errors":%d,"codes":{%s},"bets":%d,"legs":%d,"p50":%.3f,"p975":%.3f,"p99":%.3f,"max":%.3f}\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, table.concat(parts, ","),
    placed, taken, latency:percentile(50) / 1000, latency:percentile(97.5) / 1000,
    latency:percentile(99) / 1000, latency.max / 1000))
end
