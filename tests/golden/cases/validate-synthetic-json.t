args: validate tests/data/calibration/synthetic-h200.yaml --json
rc: 0
--- stdout
{
  "schema": 1,
  "vfplan_version": "0.1.0",
  "vfplan_commit": "COMMIT",
  "data_date": "2026-11-30",
  "gpu": "H200",
  "device": "NVIDIA H200",
  "synthetic": true,
  "calibrated": false,
  "rows": [
    {
      "kind": "gemm",
      "item": "bf16 1024x1024x1024",
      "unit": "s",
      "measured": 2.95461e-5,
      "predicted": 4.05440588e-6,
      "error": -0.8627769526
    },
    {
      "kind": "gemm",
      "item": "bf16 2048x2048x2048",
      "unit": "s",
      "measured": 4.8388e-5,
      "predicted": 2.702937254e-5,
      "error": -0.4414033947
    },
    {
      "kind": "gemm",
      "item": "bf16 4096x4096x4096",
      "unit": "s",
      "measured": 0.000209757,
      "predicted": 0.0001946114823,
      "error": -0.07220506462
    },
    {
      "kind": "gemm",
      "item": "bf16 8192x8192x8192",
      "unit": "s",
      "measured": 0.00151257,
      "predicted": 0.001470397866,
      "error": -0.0278811123
    },
    {
      "kind": "gemm",
      "item": "bf16 16384x16384x16384",
      "unit": "s",
      "measured": 0.0111363,
      "predicted": 0.01141720696,
      "error": 0.02522444252
    },
    {
      "kind": "gemm",
      "item": "bf16 512x2048x2048",
      "unit": "s",
      "measured": 3.20973e-5,
      "predicted": 6.757343134e-6,
      "error": -0.7894731602
    },
    {
      "kind": "gemm",
      "item": "bf16 2048x6144x2048",
      "unit": "s",
      "measured": 9.32872e-5,
      "predicted": 8.108811761e-5,
      "error": -0.1307690915
    },
    {
      "kind": "gemm",
      "item": "bf16 8192x5632x2048",
      "unit": "s",
      "measured": 0.000267672,
      "predicted": 0.0002973230979,
      "error": 0.1107739991
    },
    {
      "kind": "gemm",
      "item": "bf16 8192x2048x5632",
      "unit": "s",
      "measured": 0.000276922,
      "predicted": 0.0002594819763,
      "error": -0.0629781081
    },
    {
      "kind": "gemm",
      "item": "bf16 2048x4096x4096",
      "unit": "s",
      "measured": 0.000115401,
      "predicted": 9.730574113e-5,
      "error": -0.1568033108
    },
    {
      "kind": "gemm",
      "item": "bf16 16384x11008x4096",
      "unit": "s",
      "measured": 0.00197614,
      "predicted": 0.002092073434,
      "error": 0.05866660981
    },
    {
      "kind": "gemm",
      "item": "bf16 512x8192x8192",
      "unit": "s",
      "measured": 0.000115696,
      "predicted": 9.189986662e-5,
      "error": -0.2056780993
    },
    {
      "kind": "gemm",
      "item": "bf16 8192x28672x8192",
      "unit": "s",
      "measured": 0.00483727,
      "predicted": 0.005146392531,
      "error": 0.06390433672
    },
    {
      "kind": "gemm",
      "item": "bf16 4096x1024x1024",
      "unit": "s",
      "measured": 3.69202e-5,
      "predicted": 1.621762352e-5,
      "error": -0.5607384705
    },
    {
      "kind": "gemm",
      "item": "bf16 256x4096x4096",
      "unit": "s",
      "measured": 3.65549e-5,
      "predicted": 1.216321764e-5,
      "error": -0.6672616355
    },
    {
      "kind": "hbm",
      "item": "copy 1 MiB",
      "unit": "s",
      "measured": 2.39872e-6,
      "predicted": 5.461333333e-7,
      "error": -0.7723230167
    },
    {
      "kind": "hbm",
      "item": "copy 16 MiB",
      "unit": "s",
      "measured": 1.00054e-5,
      "predicted": 8.738133333e-6,
      "error": -0.1266582712
    },
    {
      "kind": "hbm",
      "item": "copy 256 MiB",
      "unit": "s",
      "measured": 0.0001269,
      "predicted": 0.0001398101333,
      "error": 0.1017346992
    },
    {
      "kind": "hbm",
      "item": "copy 1024 MiB",
      "unit": "s",
      "measured": 0.000506185,
      "predicted": 0.0005592405333,
      "error": 0.1048145112
    },
    {
      "kind": "hbm",
      "item": "copy 2048 MiB",
      "unit": "s",
      "measured": 0.000955814,
      "predicted": 0.001118481067,
      "error": 0.1701869471
    },
    {
      "kind": "host",
      "item": "h2d x1 16 MiB",
      "unit": "s",
      "measured": 0.000329547,
      "predicted": 0.0003328812698,
      "error": 0.0101177369
    },
    {
      "kind": "host",
      "item": "h2d x1 256 MiB",
      "unit": "s",
      "measured": 0.00498355,
      "predicted": 0.005326100317,
      "error": 0.06873620561
    },
    {
      "kind": "host",
      "item": "h2d x1 1024 MiB",
      "unit": "s",
      "measured": 0.0195074,
      "predicted": 0.02130440127,
      "error": 0.09211895331
    },
    {
      "kind": "host",
      "item": "h2d x8 16 MiB",
      "unit": "s",
      "measured": 0.000413051,
      "predicted": 0.0003328812698,
      "error": -0.1940916017
    },
    {
      "kind": "host",
      "item": "h2d x8 256 MiB",
      "unit": "s",
      "measured": 0.0063704,
      "predicted": 0.005326100317,
      "error": -0.1639300017
    },
    {
      "kind": "host",
      "item": "h2d x8 1024 MiB",
      "unit": "s",
      "measured": 0.0249558,
      "predicted": 0.02130440127,
      "error": -0.1463146335
    },
    {
      "kind": "host",
      "item": "d2h x1 16 MiB",
      "unit": "s",
      "measured": 0.000330347,
      "predicted": 0.0003328812698,
      "error": 0.00767153884
    },
    {
      "kind": "host",
      "item": "d2h x1 256 MiB",
      "unit": "s",
      "measured": 0.00499022,
      "predicted": 0.005326100317,
      "error": 0.06730771739
    },
    {
      "kind": "host",
      "item": "d2h x1 1024 MiB",
      "unit": "s",
      "measured": 0.0194015,
      "predicted": 0.02130440127,
      "error": 0.09808011081
    },
    {
      "kind": "host",
      "item": "d2h x8 16 MiB",
      "unit": "s",
      "measured": 0.000413204,
      "predicted": 0.0003328812698,
      "error": -0.1943900111
    },
    {
      "kind": "host",
      "item": "d2h x8 256 MiB",
      "unit": "s",
      "measured": 0.00608467,
      "predicted": 0.005326100317,
      "error": -0.1246689931
    },
    {
      "kind": "host",
      "item": "d2h x8 1024 MiB",
      "unit": "s",
      "measured": 0.0245931,
      "predicted": 0.02130440127,
      "error": -0.1337244483
    },
    {
      "kind": "collective",
      "item": "all_reduce x2 1 KiB",
      "unit": "s",
      "measured": 1.20758e-5,
      "predicted": 1.000284444e-5,
      "error": -0.1716619649
    },
    {
      "kind": "collective",
      "item": "all_reduce x2 4 KiB",
      "unit": "s",
      "measured": 1.1701e-5,
      "predicted": 1.001137778e-5,
      "error": -0.1443998139
    },
    {
      "kind": "collective",
      "item": "all_reduce x2 16 KiB",
      "unit": "s",
      "measured": 1.20153e-5,
      "predicted": 1.004551111e-5,
      "error": -0.1639400505
    },
    {
      "kind": "collective",
      "item": "all_reduce x2 64 KiB",
      "unit": "s",
      "measured": 1.19025e-5,
      "predicted": 1.018204444e-5,
      "error": -0.1445457304
    },
    {
      "kind": "collective",
      "item": "all_reduce x2 256 KiB",
      "unit": "s",
      "measured": 1.23943e-5,
      "predicted": 1.072817778e-5,
      "error": -0.1344264882
    },
    {
      "kind": "collective",
      "item": "all_reduce x2 1024 KiB",
      "unit": "s",
      "measured": 1.49958e-5,
      "predicted": 1.291271111e-5,
      "error": -0.1389114878
    },
    {
      "kind": "collective",
      "item": "all_reduce x2 4096 KiB",
      "unit": "s",
      "measured": 2.44423e-5,
      "predicted": 2.165084444e-5,
      "error": -0.1142059281
    },
    {
      "kind": "collective",
      "item": "all_reduce x2 1.638e+04 KiB",
      "unit": "s",
      "measured": 5.79962e-5,
      "predicted": 5.660337778e-5,
      "error": -0.02401574969
    },
    {
      "kind": "collective",
      "item": "all_reduce x2 6.554e+04 KiB",
      "unit": "s",
      "measured": 0.000197316,
      "predicted": 0.0001964135111,
      "error": -0.004573825178
    },
    {
      "kind": "collective",
      "item": "all_reduce x2 2.621e+05 KiB",
      "unit": "s",
      "measured": 0.000728557,
      "predicted": 0.0007556540444,
      "error": 0.03719275835
    },
    {
      "kind": "collective",
      "item": "all_reduce x2 1.049e+06 KiB",
      "unit": "s",
      "measured": 0.00294759,
      "predicted": 0.002992616178,
      "error": 0.01527559049
    },
    {
      "kind": "collective",
      "item": "all_reduce x4 1 KiB",
      "unit": "s",
      "measured": 1.83258e-5,
      "predicted": 2.000568889e-5,
      "error": 0.09166797023
    },
    {
      "kind": "collective",
      "item": "all_reduce x4 4 KiB",
      "unit": "s",
      "measured": 1.746e-5,
      "predicted": 2.002275556e-5,
      "error": 0.1467786687
    },
    {
      "kind": "collective",
      "item": "all_reduce x4 16 KiB",
      "unit": "s",
      "measured": 1.78041e-5,
      "predicted": 2.009102222e-5,
      "error": 0.1284491899
    },
    {
      "kind": "collective",
      "item": "all_reduce x4 64 KiB",
      "unit": "s",
      "measured": 1.82246e-5,
      "predicted": 2.036408889e-5,
      "error": 0.1173956569
    },
    {
      "kind": "collective",
      "item": "all_reduce x4 256 KiB",
      "unit": "s",
      "measured": 1.84755e-5,
      "predicted": 2.145635556e-5,
      "error": 0.1613409951
    },
    {
      "kind": "collective",
      "item": "all_reduce x4 1024 KiB",
      "unit": "s",
      "measured": 2.22317e-5,
      "predicted": 2.582542222e-5,
      "error": 0.1616485569
    },
    {
      "kind": "collective",
      "item": "all_reduce x4 4096 KiB",
      "unit": "s",
      "measured": 3.65996e-5,
      "predicted": 4.330168889e-5,
      "error": 0.1831191841
    },
    {
      "kind": "collective",
      "item": "all_reduce x4 1.638e+04 KiB",
      "unit": "s",
      "measured": 8.60697e-5,
      "predicted": 9.990506667e-5,
      "error": 0.1607460775
    },
    {
      "kind": "collective",
      "item": "all_reduce x4 6.554e+04 KiB",
      "unit": "s",
      "measured": 0.000285837,
      "predicted": 0.0003096202667,
      "error": 0.08320569649
    },
    {
      "kind": "collective",
      "item": "all_reduce x4 2.621e+05 KiB",
      "unit": "s",
      "measured": 0.00113363,
      "predicted": 0.001148481067,
      "error": 0.01310045312
    },
    {
      "kind": "collective",
      "item": "all_reduce x4 1.049e+06 KiB",
      "unit": "s",
      "measured": 0.00457162,
      "predicted": 0.004503924267,
      "error": -0.01480782159
    },
    {
      "kind": "collective",
      "item": "all_reduce x8 1 KiB",
      "unit": "s",
      "measured": 2.50694e-5,
      "predicted": 3.000568889e-5,
      "error": 0.1969049474
    },
    {
      "kind": "collective",
      "item": "all_reduce x8 4 KiB",
      "unit": "s",
      "measured": 2.50935e-5,
      "predicted": 3.002275556e-5,
      "error": 0.1964355533
    },
    {
      "kind": "collective",
      "item": "all_reduce x8 16 KiB",
      "unit": "s",
      "measured": 2.4361e-5,
      "predicted": 3.009102222e-5,
      "error": 0.2352129314
    },
    {
      "kind": "collective",
      "item": "all_reduce x8 64 KiB",
      "unit": "s",
      "measured": 2.5555e-5,
      "predicted": 3.036408889e-5,
      "error": 0.1881858301
    },
    {
      "kind": "collective",
      "item": "all_reduce x8 256 KiB",
      "unit": "s",
      "measured": 2.61697e-5,
      "predicted": 3.145635556e-5,
      "error": 0.2020143737
    },
    {
      "kind": "collective",
      "item": "all_reduce x8 1024 KiB",
      "unit": "s",
      "measured": 3.05898e-5,
      "predicted": 3.582542222e-5,
      "error": 0.1711558174
    },
    {
      "kind": "collective",
      "item": "all_reduce x8 4096 KiB",
      "unit": "s",
      "measured": 4.61341e-5,
      "predicted": 5.330168889e-5,
      "error": 0.1553642293
    },
    {
      "kind": "collective",
      "item": "all_reduce x8 1.638e+04 KiB",
      "unit": "s",
      "measured": 0.000110388,
      "predicted": 0.0001232067556,
      "error": 0.1161245385
    },
    {
      "kind": "collective",
      "item": "all_reduce x8 6.554e+04 KiB",
      "unit": "s",
      "measured": 0.000359342,
      "predicted": 0.0003962236444,
      "error": 0.1026366093
    },
    {
      "kind": "collective",
      "item": "all_reduce x8 2.621e+05 KiB",
      "unit": "s",
      "measured": 0.00138042,
      "predicted": 0.001374894578,
      "error": -0.00400271093
    },
    {
      "kind": "collective",
      "item": "all_reduce x8 1.049e+06 KiB",
      "unit": "s",
      "measured": 0.00548979,
      "predicted": 0.005289578311,
      "error": -0.03646982651
    },
    {
      "kind": "collective",
      "item": "all_gather x2 1 KiB",
      "unit": "s",
      "measured": 9.72794e-6,
      "predicted": 5.001422222e-6,
      "error": -0.485870367
    },
    {
      "kind": "collective",
      "item": "all_gather x2 4 KiB",
      "unit": "s",
      "measured": 1.00119e-5,
      "predicted": 5.005688889e-6,
      "error": -0.5000260801
    },
    {
      "kind": "collective",
      "item": "all_gather x2 16 KiB",
      "unit": "s",
      "measured": 1.00457e-5,
      "predicted": 5.022755556e-6,
      "error": -0.5000094015
    },
    {
      "kind": "collective",
      "item": "all_gather x2 64 KiB",
      "unit": "s",
      "measured": 1.03327e-5,
      "predicted": 5.091022222e-6,
      "error": -0.5072902318
    },
    {
      "kind": "collective",
      "item": "all_gather x2 256 KiB",
      "unit": "s",
      "measured": 1.08807e-5,
      "predicted": 5.364088889e-6,
      "error": -0.5070088424
    },
    {
      "kind": "collective",
      "item": "all_gather x2 1024 KiB",
      "unit": "s",
      "measured": 1.15126e-5,
      "predicted": 6.456355556e-6,
      "error": -0.439192228
    },
    {
      "kind": "collective",
      "item": "all_gather x2 4096 KiB",
      "unit": "s",
      "measured": 1.6286e-5,
      "predicted": 1.082542222e-5,
      "error": -0.3352927531
    },
    {
      "kind": "collective",
      "item": "all_gather x2 1.638e+04 KiB",
      "unit": "s",
      "measured": 3.23426e-5,
      "predicted": 2.830168889e-5,
      "error": -0.1249408245
    },
    {
      "kind": "collective",
      "item": "all_gather x2 6.554e+04 KiB",
      "unit": "s",
      "measured": 0.000103355,
      "predicted": 9.820675556e-5,
      "error": -0.04981127613
    },
    {
      "kind": "collective",
      "item": "all_gather x2 2.621e+05 KiB",
      "unit": "s",
      "measured": 0.000378037,
      "predicted": 0.0003778270222,
      "error": -0.0005554423979
    },
    {
      "kind": "collective",
      "item": "all_gather x2 1.049e+06 KiB",
      "unit": "s",
      "measured": 0.00155497,
      "predicted": 0.001496308089,
      "error": -0.0377254295
    },
    {
      "kind": "collective",
      "item": "all_gather x4 1 KiB",
      "unit": "s",
      "measured": 1.3858e-5,
      "predicted": 1.500213333e-5,
      "error": 0.08256121614
    },
    {
      "kind": "collective",
      "item": "all_gather x4 4 KiB",
      "unit": "s",
      "measured": 1.39012e-5,
      "predicted": 1.500853333e-5,
      "error": 0.07965739169
    },
    {
      "kind": "collective",
      "item": "all_gather x4 16 KiB",
      "unit": "s",
      "measured": 1.43554e-5,
      "predicted": 1.503413333e-5,
      "error": 0.04728069809
    },
    {
      "kind": "collective",
      "item": "all_gather x4 64 KiB",
      "unit": "s",
      "measured": 1.41927e-5,
      "predicted": 1.513653333e-5,
      "error": 0.06650132345
    },
    {
      "kind": "collective",
      "item": "all_gather x4 256 KiB",
      "unit": "s",
      "measured": 1.38183e-5,
      "predicted": 1.554613333e-5,
      "error": 0.1250395008
    },
    {
      "kind": "collective",
      "item": "all_gather x4 1024 KiB",
      "unit": "s",
      "measured": 1.6867e-5,
      "predicted": 1.718453333e-5,
      "error": 0.01882571491
    },
    {
      "kind": "collective",
      "item": "all_gather x4 4096 KiB",
      "unit": "s",
      "measured": 2.28919e-5,
      "predicted": 2.373813333e-5,
      "error": 0.03696649616
    },
    {
      "kind": "collective",
      "item": "all_gather x4 1.638e+04 KiB",
      "unit": "s",
      "measured": 5.064e-5,
      "predicted": 4.995253333e-5,
      "error": -0.01357556609
    },
    {
      "kind": "collective",
      "item": "all_gather x4 6.554e+04 KiB",
      "unit": "s",
      "measured": 0.000155751,
      "predicted": 0.0001548101333,
      "error": -0.006040838689
    },
    {
      "kind": "collective",
      "item": "all_gather x4 2.621e+05 KiB",
      "unit": "s",
      "measured": 0.000577461,
      "predicted": 0.0005742405333,
      "error": -0.005576942281
    },
    {
      "kind": "collective",
      "item": "all_gather x4 1.049e+06 KiB",
      "unit": "s",
      "measured": 0.00228634,
      "predicted": 0.002251962133,
      "error": -0.01503620051
    },
    {
      "kind": "collective",
      "item": "all_gather x8 1 KiB",
      "unit": "s",
      "measured": 2.01574e-5,
      "predicted": 3.500248889e-5,
      "error": 0.7364585159
    },
    {
      "kind": "collective",
      "item": "all_gather x8 4 KiB",
      "unit": "s",
      "measured": 2.01182e-5,
      "predicted": 3.500995556e-5,
      "error": 0.7402131182
    },
    {
      "kind": "collective",
      "item": "all_gather x8 16 KiB",
      "unit": "s",
      "measured": 1.98623e-5,
      "predicted": 3.503982222e-5,
      "error": 0.7641371957
    },
    {
      "kind": "collective",
      "item": "all_gather x8 64 KiB",
      "unit": "s",
      "measured": 2.00054e-5,
      "predicted": 3.515928889e-5,
      "error": 0.7574899222
    },
    {
      "kind": "collective",
      "item": "all_gather x8 256 KiB",
      "unit": "s",
      "measured": 2.02924e-5,
      "predicted": 3.563715556e-5,
      "error": 0.7561823912
    },
    {
      "kind": "collective",
      "item": "all_gather x8 1024 KiB",
      "unit": "s",
      "measured": 2.29692e-5,
      "predicted": 3.754862222e-5,
      "error": 0.6347379196
    },
    {
      "kind": "collective",
      "item": "all_gather x8 4096 KiB",
      "unit": "s",
      "measured": 3.13929e-5,
      "predicted": 4.519448889e-5,
      "error": 0.4396404566
    },
    {
      "kind": "collective",
      "item": "all_gather x8 1.638e+04 KiB",
      "unit": "s",
      "measured": 6.48058e-5,
      "predicted": 7.577795556e-5,
      "error": 0.1693082341
    },
    {
      "kind": "collective",
      "item": "all_gather x8 6.554e+04 KiB",
      "unit": "s",
      "measured": 0.000197138,
      "predicted": 0.0001981118222,
      "error": 0.004939799644
    },
    {
      "kind": "collective",
      "item": "all_gather x8 2.621e+05 KiB",
      "unit": "s",
      "measured": 0.00070511,
      "predicted": 0.0006874472889,
      "error": -0.02504958249
    },
    {
      "kind": "collective",
      "item": "all_gather x8 1.049e+06 KiB",
      "unit": "s",
      "measured": 0.00270134,
      "predicted": 0.002644789156,
      "error": -0.02093436755
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x2 1 KiB",
      "unit": "s",
      "measured": 1.01035e-5,
      "predicted": 5.001422222e-6,
      "error": -0.5049812221
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x2 4 KiB",
      "unit": "s",
      "measured": 9.73633e-6,
      "predicted": 5.005688889e-6,
      "error": -0.485875182
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x2 16 KiB",
      "unit": "s",
      "measured": 1.03071e-5,
      "predicted": 5.022755556e-6,
      "error": -0.5126897425
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x2 64 KiB",
      "unit": "s",
      "measured": 9.94827e-6,
      "predicted": 5.091022222e-6,
      "error": -0.4882504976
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x2 256 KiB",
      "unit": "s",
      "measured": 1.01683e-5,
      "predicted": 5.364088889e-6,
      "error": -0.4724694503
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x2 1024 KiB",
      "unit": "s",
      "measured": 1.11911e-5,
      "predicted": 6.456355556e-6,
      "error": -0.4230812382
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x2 4096 KiB",
      "unit": "s",
      "measured": 1.52937e-5,
      "predicted": 1.082542222e-5,
      "error": -0.2921646023
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x2 1.638e+04 KiB",
      "unit": "s",
      "measured": 3.36088e-5,
      "predicted": 2.830168889e-5,
      "error": -0.1579083785
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x2 6.554e+04 KiB",
      "unit": "s",
      "measured": 0.000100225,
      "predicted": 9.820675556e-5,
      "error": -0.02013713589
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x2 2.621e+05 KiB",
      "unit": "s",
      "measured": 0.000402437,
      "predicted": 0.0003778270222,
      "error": -0.06115237361
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x2 1.049e+06 KiB",
      "unit": "s",
      "measured": 0.00144987,
      "predicted": 0.001496308089,
      "error": 0.03202913978
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x4 1 KiB",
      "unit": "s",
      "measured": 1.37772e-5,
      "predicted": 1.500213333e-5,
      "error": 0.0889101801
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x4 4 KiB",
      "unit": "s",
      "measured": 1.3999e-5,
      "predicted": 1.500853333e-5,
      "error": 0.07211467486
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x4 16 KiB",
      "unit": "s",
      "measured": 1.38142e-5,
      "predicted": 1.503413333e-5,
      "error": 0.08831009637
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x4 64 KiB",
      "unit": "s",
      "measured": 1.40587e-5,
      "predicted": 1.513653333e-5,
      "error": 0.07666664296
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x4 256 KiB",
      "unit": "s",
      "measured": 1.48052e-5,
      "predicted": 1.554613333e-5,
      "error": 0.05004547952
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x4 1024 KiB",
      "unit": "s",
      "measured": 1.58739e-5,
      "predicted": 1.718453333e-5,
      "error": 0.08256530111
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x4 4096 KiB",
      "unit": "s",
      "measured": 2.32753e-5,
      "predicted": 2.373813333e-5,
      "error": 0.01988517155
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x4 1.638e+04 KiB",
      "unit": "s",
      "measured": 5.23478e-5,
      "predicted": 4.995253333e-5,
      "error": -0.04575677806
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x4 6.554e+04 KiB",
      "unit": "s",
      "measured": 0.000159498,
      "predicted": 0.0001548101333,
      "error": -0.02939138213
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x4 2.621e+05 KiB",
      "unit": "s",
      "measured": 0.000599642,
      "predicted": 0.0005742405333,
      "error": -0.04236105321
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x4 1.049e+06 KiB",
      "unit": "s",
      "measured": 0.00235935,
      "predicted": 0.002251962133,
      "error": -0.04551586948
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x8 1 KiB",
      "unit": "s",
      "measured": 1.96908e-5,
      "predicted": 3.500248889e-5,
      "error": 0.7776062369
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x8 4 KiB",
      "unit": "s",
      "measured": 2.00809e-5,
      "predicted": 3.500995556e-5,
      "error": 0.7434455406
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x8 16 KiB",
      "unit": "s",
      "measured": 2.00248e-5,
      "predicted": 3.503982222e-5,
      "error": 0.7498213327
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x8 64 KiB",
      "unit": "s",
      "measured": 2.03786e-5,
      "predicted": 3.515928889e-5,
      "error": 0.7253044316
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x8 256 KiB",
      "unit": "s",
      "measured": 2.0129e-5,
      "predicted": 3.563715556e-5,
      "error": 0.7704384498
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x8 1024 KiB",
      "unit": "s",
      "measured": 2.29705e-5,
      "predicted": 3.754862222e-5,
      "error": 0.6346454027
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x8 4096 KiB",
      "unit": "s",
      "measured": 2.98627e-5,
      "predicted": 4.519448889e-5,
      "error": 0.513409333
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x8 1.638e+04 KiB",
      "unit": "s",
      "measured": 6.43815e-5,
      "predicted": 7.577795556e-5,
      "error": 0.177014446
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x8 6.554e+04 KiB",
      "unit": "s",
      "measured": 0.000192352,
      "predicted": 0.0001981118222,
      "error": 0.02994417642
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x8 2.621e+05 KiB",
      "unit": "s",
      "measured": 0.000711707,
      "predicted": 0.0006874472889,
      "error": -0.0340866552
    },
    {
      "kind": "collective",
      "item": "reduce_scatter x8 1.049e+06 KiB",
      "unit": "s",
      "measured": 0.00270667,
      "predicted": 0.002644789156,
      "error": -0.0228623528
    },
    {
      "kind": "proxy-time",
      "item": "step, 4 layers h=2048 s=2048 b=1 x1 GPU",
      "unit": "s",
      "measured": 0.0125,
      "predicted": 0.01144,
      "error": -0.0848
    },
    {
      "kind": "proxy-memory",
      "item": "peak allocated, 4 layers h=2048 s=2048 b=1",
      "unit": "B",
      "measured": 6200000000.0,
      "predicted": 5973995520.0,
      "error": -0.03645233548
    }
  ],
  "summary": {
    "gemm": {
      "n": 15,
      "median_abs_error": 0.1307690915,
      "max_abs_error": 0.8627769526
    },
    "hbm": {
      "n": 5,
      "median_abs_error": 0.1266582712,
      "max_abs_error": 0.7723230167
    },
    "host": {
      "n": 12,
      "median_abs_error": 0.111374552,
      "max_abs_error": 0.1943900111
    },
    "collective": {
      "n": 99,
      "median_abs_error": 0.1284491899,
      "max_abs_error": 0.7776062369
    },
    "proxy-time": {
      "n": 1,
      "median_abs_error": 0.0848,
      "max_abs_error": 0.0848
    },
    "proxy-memory": {
      "n": 1,
      "median_abs_error": 0.03645233548,
      "max_abs_error": 0.03645233548
    }
  }
}
--- stderr
