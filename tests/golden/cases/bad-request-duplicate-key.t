args: request '{"command":"plan","model":"8B","gpus":"4xH100","model":"70B"}'
rc: 2
--- stdout
{"error":{"code":"parse","status":-3,"message":"duplicate object key near '\"model\"'","file":"request","line":1,"column":54}}
--- stderr
vfplan: request:1:54: duplicate object key near '"model"'
