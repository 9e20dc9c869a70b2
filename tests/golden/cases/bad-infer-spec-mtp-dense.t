args: infer --model llama-3.1-8b --gpus 1xH100 --spec-method mtp
rc: 2
--- stdout
--- stderr
vfplan: --spec-method mtp: llama-3.1-8b has no MTP layers vfplan knows of (num_nextn_predict_layers)
