-- wrk script for bench/originals.ts: dice bets through POST /api/originals/bet, as autocannon sends them
-- there. Each thread plays its own share of the members in turn (member i goes to thread i mod threads),
-- so a member's next bet is hundreds of requests behind its last one and never overlaps it; every bet
-- has a new request id. Arguments: the file of session tokens (one per line), the number of threads, the
-- prefix of the request ids. Prints one line of JSON: requests, answers by code, latency in ms.
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
  local count = tonumber(args[2])
  prefix = args[3]
  mine = {}
  for i = 1, #tokens do
    if (i - 1) % count == id - 1 then
      mine[#mine + 1] = tokens[i]
    end
  end
  sent = 0
  codes = {}
end

function request()
  sent = sent + 1
  local token = mine[(sent - 1) % #mine + 1]
  local side = (sent % 2 == 1) and "under" or "over"
  local body = string.format(
    '{"game":"dice","requestId":"%s-%d-%d","stake":100,"chance":4950,"side":"%s"}',
    prefix, id, sent, side)
  return wrk.format("POST", "/api/originals/bet",
    { ["content-type"] = "application/json", ["authorization"] = "Bearer " .. token }, body)
end

function response(status, headers, body)
  local code = body:match('"code":"([^"]+)"') or ("HTTP_" .. status)
  codes[code] = (codes[code] or 0) + 1
end

function done(summary, latency, requests)
  local all = {}
  for _, thread in ipairs(threads) do
    for code, n in pairs(thread:get("codes")) do
      all[code] = (all[code] or 0) + n
    end
  end
  local parts = {}
  for code, n in pairs(all) do
    parts[#parts + 1] = string.format('"%s":%d', code, n)
  end
  local e = summary.errors
  io.write(string.format(
    '{"requests":%d,"durationUs":%d,"errors":%d,"codes":{%s},"p50":%.3f,"p90":%.3f,"p99":%.3f,"max":%.3f}\n',
    summary.requests, summary.duration, e.connect + e.read + e.write + e.timeout, table.concat(parts, ","),
    latency:percentile(50) / 1000, latency:percentile(90) / 1000, latency:percentile(99) / 1000, latency.max / 1000))
end
