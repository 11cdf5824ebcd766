/* SumPut as a C plugin, for `evflow bench plugins`: sums the entry "adc" (<u2) and puts the
 * sum as "total" (<f8, shape [1]), as bench/rust/src/sum_put.rs does in Rust. */
#include <evflow/plugin.h>
#include <stdlib.h>
#include <string.h>

static int create(const evflow_host *host, evflow_call *call, const evflow_params *params,
                  void **instance) {
    (void)call;
    (void)params;
    *instance = (void *)host;
    return EVFLOW_OK;
}

static int event(evflow_call *call, void *instance, evflow_event *event) {
    const evflow_host *host = (const evflow_host *)instance;
    evflow_array adc;
    if (host->entry(event, "adc", &adc) != EVFLOW_OK) {
        host->fail(call, "no entry adc");
        return EVFLOW_ERROR;
    }
    const uint16_t *counts = (const uint16_t *)adc.data;
    double sum = 0;
    for (uint64_t i = 0; i < adc.nbytes / 2; i++) sum += counts[i];
    uint64_t one = 1;
    void *out;
    if (host->put(event, "total", "<f8", 1, &one, &out) != EVFLOW_OK) return EVFLOW_ERROR;
    memcpy(out, &sum, sizeof sum);
    return EVFLOW_KEEP;
}

static const evflow_module_type sum_put = {
    sizeof(evflow_module_type), "SumPut", EVFLOW_PARALLEL_SAFE, 0, create, NULL,
    NULL, NULL, event, NULL, NULL,
};

EVFLOW_PLUGIN_EXPORT(&sum_put)
