/* Pass as a C plugin, for `evflow bench topology`: keeps every event as it came, so that a
 * device's path costs a compiled call, not a Python one (the framework's own cost per event). */
#include <evflow/plugin.h>

static int create(const evflow_host *host, evflow_call *call, const evflow_params *params,
                  void **instance) {
    (void)host;
    (void)call;
    (void)params;
    *instance = NULL;
    return EVFLOW_OK;
}

static int event(evflow_call *call, void *instance, evflow_event *event) {
    (void)call;
    (void)instance;
    (void)event;
    return EVFLOW_KEEP;
}

static const evflow_module_type pass = {
    sizeof(evflow_module_type), "Pass", EVFLOW_PARALLEL_SAFE, 0, create, NULL,
    NULL, NULL, event, NULL, NULL,
};

EVFLOW_PLUGIN_EXPORT(&pass)
