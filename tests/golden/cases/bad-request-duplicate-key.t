args: request '{"command":"plan","model":"8B","gpus":"4xH100","model":"70B"}'
rc: 2
--- stdout
--- stderr
