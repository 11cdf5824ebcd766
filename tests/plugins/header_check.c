#include <evflow/plugin.h>
#include <stdlib.h>
#include <string.h>

typedef struct { double threshold; } Cut;

static int create(const evflow_host *host, evflow_call *call, const evflow_params *params, void **instance) {
    evflow_value v;
    if (host->param(params, "threshold", &v) != EVFLOW_OK || v.kind != EVFLOW_FLOAT) {
        host->fail(call, "threshold must be a number");
        return EVFLOW_ERROR;
    }
    Cut *cut = malloc(sizeof *cut);
    cut->threshold = v.real;
    *instance = cut;
    return EVFLOW_OK;
}

static void destroy(void *instance) { free(instance); }

static int event(evflow_call *call, void *instance, evflow_event *event) {
    (void)call; (void)instance; (void)event;
    return EVFLOW_KEEP;
}

static const evflow_module_type cut = {
    sizeof(evflow_module_type), "Cut", EVFLOW_PARALLEL_SAFE, 0, create, destroy, NULL, NULL, event, NULL, NULL,
};
static const evflow_module_type other = {
    sizeof(evflow_module_type), "Other", 0, 0, create, destroy, NULL, NULL, event, NULL, NULL,
};
EVFLOW_PLUGIN_EXPORT(&cut, &other)
