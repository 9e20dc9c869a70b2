args: request '{"command":"infer","model":"8B","gpus":"1xH100","engine":"ollama","gpu_memory_utilization":0.8}'
rc: 2
--- stdout
{"error":{"code":"invalid","status":-1,"message":"gpu_memory_utilization is not an option of ollama (vllm, tgi, sglang take it)"}}
--- stderr
vfplan: gpu_memory_utilization is not an option of ollama (vllm, tgi, sglang take it)
