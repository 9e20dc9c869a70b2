args: infer --model llama-3.1-8b --gpus 1xH10O --json
rc: 2
--- stdout
{
  "error": {
    "message": "unknown GPU 'H10O' (did you mean 'H100'?); alike: H100-SXM, H100-SXM-96, H100-PCIE, H100-NVL; 'vfplan gpus' lists them",
    "exit_code": 2
  }
}
--- stderr
vfplan: unknown GPU 'H10O' (did you mean 'H100'?); alike: H100-SXM, H100-SXM-96, H100-PCIE, H100-NVL; 'vfplan gpus' lists them
