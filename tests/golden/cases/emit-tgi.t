args: infer --model llama-3.1-8b --gpus 2xA10G --engine tgi --context 4096 --concurrency 8 --emit
rc: 0
--- stdout
text-generation-launcher --model-id meta-llama/Llama-3.1-8B --num-shard 2 --max-input-tokens 4095 --max-total-tokens 4096
--- stderr
