-- wrk script for tests/bench/http_load.sh: POSTs one request body and
-- checks every answer against the expected one (status 200, the exact
-- body the CLI gives), counting the ones that differ.
local body = os.getenv("VFP_BODY")
local want = os.getenv("VFP_WANT_LEN")
wrk.method = "POST"
wrk.body = body
wrk.headers["Content-Type"] = "application/json"
local bad = 0

function response(status, headers, answer)
	if status ~= 200 or (want and #answer ~= tonumber(want)) then
		bad = bad + 1
	end
end

function done(summary, latency, requests)
	io.write(string.format("bad answers: %d\n", bad))
end
