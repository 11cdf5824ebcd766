/* Module types of the plugin tests (tests/test_plugins.py), against evflow/plugin.h
 * (`evflow config --include`).
 *
 * Threshold: sums the entry "adc" (<u2), puts it as "total" (<f8, shape [1]), and rejects
 *   events whose total is below the parameter "threshold"; parallel-safe.
 * Echo: takes every kind of parameter and puts each into every event as an entry.
 * Fails: fails in event() on the event whose number is "at", with a message.
 * Crash: SIGSEGVs on the first attempt at the event whose number is "at" (on every attempt
 *   with "always" true).
 * Fill: puts "block" (|u1) of "bytes" bytes, (number + i) % 251, written where evflow puts
 *   it (a large one in the segment of a worker); puts it twice, the first one dropped.
 */
#include <evflow/plugin.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    const evflow_host *host;
    double threshold;
} Threshold;

static int threshold_create(const evflow_host *host, evflow_call *call, const evflow_params *params,
                            void **instance) {
    evflow_value v;
    if (host->param(params, "threshold", &v) != EVFLOW_OK || v.kind != EVFLOW_FLOAT) {
        host->fail(call, "threshold (a number) is needed");
        return EVFLOW_ERROR;
    }
    Threshold *t = (Threshold *)malloc(sizeof *t);
    t->host = host;
    t->threshold = v.real;
    *instance = t;
    return EVFLOW_OK;
}

static int threshold_event(evflow_call *call, void *instance, evflow_event *event) {
    Threshold *t = (Threshold *)instance;
    evflow_array adc;
    if (t->host->entry(event, "adc", &adc) != EVFLOW_OK || strcmp(adc.dtype, "<u2") != 0) {
        t->host->fail(call, "no entry adc of type <u2");
        return EVFLOW_ERROR;
    }
    const uint16_t *counts = (const uint16_t *)adc.data;
    double sum = 0;
    for (uint64_t i = 0; i < adc.nbytes / 2; i++) sum += counts[i];
    uint64_t one = 1;
    void *out;
    if (t->host->put(event, "total", "<f8", 1, &one, &out) != EVFLOW_OK) return EVFLOW_ERROR;
    memcpy(out, &sum, sizeof sum);
    return sum >= t->threshold ? EVFLOW_KEEP : EVFLOW_REJECT;
}

static void destroy(void *instance) { free(instance); }

static const evflow_module_type threshold = {
    sizeof(evflow_module_type), "Threshold", EVFLOW_PARALLEL_SAFE, 0, threshold_create, destroy,
    NULL, NULL, threshold_event, NULL, NULL,
};

/* Echo: the parameters, kept as entries to put. */
typedef struct {
    const evflow_host *host;
    int64_t n;
    double x;
    uint8_t b;
    char s[64];
    uint64_t s_len;
    int64_t l[16];
    uint64_t l_len;
    double a[64];
    uint64_t a_shape[2];
    uint32_t a_ndim;
    uint32_t runs_begun;
} Echo;

static int echo_create(const evflow_host *host, evflow_call *call, const evflow_params *params,
                       void **instance) {
    Echo *e = (Echo *)calloc(1, sizeof *e);
    evflow_value v, item;
    e->host = host;
    if (host->param(params, "n", &v) || v.kind != EVFLOW_INT) goto bad;
    e->n = v.integer;
    if (host->param(params, "x", &v) || v.kind != EVFLOW_FLOAT) goto bad;
    e->x = v.real;
    if (host->param(params, "b", &v) || v.kind != EVFLOW_BOOL) goto bad;
    e->b = (uint8_t)v.integer;
    if (host->param(params, "s", &v) || v.kind != EVFLOW_STR || v.length > sizeof e->s) goto bad;
    memcpy(e->s, v.text, v.length);
    e->s_len = v.length;
    if (host->param(params, "l", &v) || v.kind != EVFLOW_LIST || v.integer > 16) goto bad;
    for (int64_t i = 0; i < v.integer; i++) {
        if (host->list_item(&v, (uint64_t)i, &item) || item.kind != EVFLOW_INT) goto bad;
        e->l[i] = item.integer;
    }
    e->l_len = (uint64_t)v.integer;
    if (host->param(params, "a", &v) || v.kind != EVFLOW_ARRAY || strcmp(v.array.dtype, "<f8") != 0 ||
        v.array.ndim != 2 || v.array.nbytes > sizeof e->a)
        goto bad;
    memcpy(e->a, v.array.data, v.array.nbytes);
    e->a_shape[0] = v.array.shape[0];
    e->a_shape[1] = v.array.shape[1];
    e->a_ndim = 2;
    if (host->param_name(params, 6) != NULL || strcmp(host->param_name(params, 0), "n") != 0) goto bad;
    *instance = e;
    return EVFLOW_OK;
bad:
    free(e);
    host->fail(call, "Echo takes n (int), x (float), b (bool), s (str), l (list of ints), a (2-d <f8 array)");
    return EVFLOW_ERROR;
}

static int echo_begin_run(evflow_call *call, void *instance, uint32_t run) {
    Echo *e = (Echo *)instance;
    (void)run;
    e->runs_begun++;
    e->host->log(call, EVFLOW_LOG_DEBUG, "a run begins");
    return EVFLOW_OK;
}

static int put(Echo *e, evflow_event *event, const char *name, const char *dtype, uint32_t ndim,
               const uint64_t *shape, const void *data, uint64_t nbytes) {
    void *out;
    if (e->host->put(event, name, dtype, ndim, shape, &out) != EVFLOW_OK) return EVFLOW_ERROR;
    memcpy(out, data, nbytes);
    return EVFLOW_OK;
}

static int echo_event(evflow_call *call, void *instance, evflow_event *event) {
    Echo *e = (Echo *)instance;
    uint64_t one = 1;
    evflow_meta meta;
    (void)call;
    e->host->meta(event, &meta);
    uint64_t m[3] = {meta.run, meta.number, e->runs_begun};
    uint64_t three = 3;
    if (put(e, event, "p_n", "<i8", 1, &one, &e->n, 8) || put(e, event, "p_x", "<f8", 1, &one, &e->x, 8) ||
        put(e, event, "p_b", "|u1", 1, &one, &e->b, 1) ||
        put(e, event, "p_s", "|u1", 1, &e->s_len, e->s, e->s_len) ||
        put(e, event, "p_l", "<i8", 1, &e->l_len, e->l, e->l_len * 8) ||
        put(e, event, "p_a", "<f8", 2, e->a_shape, e->a, e->a_shape[0] * e->a_shape[1] * 8) ||
        put(e, event, "meta", "<u8", 1, &three, m, sizeof m))
        return EVFLOW_ERROR;
    if (e->host->remove(event, "adc") != EVFLOW_OK) return EVFLOW_ERROR;
    if (meta.number % 5 == 0) e->host->set_flags(event, EVFLOW_FLAG_FAILED);
    return EVFLOW_KEEP;
}

static const evflow_module_type echo = {
    sizeof(evflow_module_type), "Echo", 0, 0, echo_create, destroy,
    NULL, echo_begin_run, echo_event, NULL, NULL,
};

/* Fails and Crash: an event number "at" (and Crash's "always"). */
typedef struct {
    const evflow_host *host;
    int64_t at;
    int always;
} At;

static int at_create(const evflow_host *host, evflow_call *call, const evflow_params *params,
                     void **instance) {
    evflow_value v;
    if (host->param(params, "at", &v) != EVFLOW_OK || v.kind != EVFLOW_INT) {
        host->fail(call, "at (an event number) is needed");
        return EVFLOW_ERROR;
    }
    At *a = (At *)malloc(sizeof *a);
    a->host = host;
    a->at = v.integer;
    a->always = host->param(params, "always", &v) == EVFLOW_OK && v.kind == EVFLOW_BOOL && v.integer;
    *instance = a;
    return EVFLOW_OK;
}

static int fails_event(evflow_call *call, void *instance, evflow_event *event) {
    At *a = (At *)instance;
    evflow_meta meta;
    a->host->meta(event, &meta);
    if ((int64_t)meta.number == a->at) {
        char message[80];
        snprintf(message, sizeof message, "the detector map has no channel for event %lld",
                 (long long)a->at);
        a->host->fail(call, message);
        return EVFLOW_ERROR;
    }
    return EVFLOW_KEEP;
}

static int crash_event(evflow_call *call, void *instance, evflow_event *event) {
    At *a = (At *)instance;
    evflow_meta meta;
    (void)call;
    a->host->meta(event, &meta);
    if ((int64_t)meta.number == a->at && (a->always || !(meta.flags & EVFLOW_FLAG_RETRIED))) raise(SIGSEGV);
    return EVFLOW_KEEP;
}

static const evflow_module_type fails = {
    sizeof(evflow_module_type), "Fails", EVFLOW_PARALLEL_SAFE, 0, at_create, destroy,
    NULL, NULL, fails_event, NULL, NULL,
};
static const evflow_module_type crash = {
    sizeof(evflow_module_type), "Crash", EVFLOW_PARALLEL_SAFE, 0, at_create, destroy,
    NULL, NULL, crash_event, NULL, NULL,
};

static int fill_create(const evflow_host *host, evflow_call *call, const evflow_params *params,
                       void **instance) {
    evflow_value v;
    if (host->param(params, "bytes", &v) != EVFLOW_OK || v.kind != EVFLOW_INT || v.integer < 0) {
        host->fail(call, "bytes (a length) is needed");
        return EVFLOW_ERROR;
    }
    At *a = (At *)malloc(sizeof *a);
    a->host = host;
    a->at = v.integer;
    *instance = a;
    return EVFLOW_OK;
}

static int fill_event(evflow_call *call, void *instance, evflow_event *event) {
    At *a = (At *)instance;
    evflow_meta meta;
    uint64_t len = (uint64_t)a->at;
    uint8_t *block;
    (void)call;
    a->host->meta(event, &meta);
    if (a->host->put(event, "block", "|u1", 1, &len, (void **)&block) != EVFLOW_OK) return EVFLOW_ERROR;
    memset(block, 0xff, len); /* replaced by the put below */
    if (a->host->put(event, "block", "|u1", 1, &len, (void **)&block) != EVFLOW_OK) return EVFLOW_ERROR;
    for (uint64_t i = 0; i < len; i++) block[i] = (uint8_t)((meta.number + i) % 251);
    return EVFLOW_KEEP;
}

static const evflow_module_type fill = {
    sizeof(evflow_module_type), "Fill", EVFLOW_PARALLEL_SAFE, 0, fill_create, destroy,
    NULL, NULL, fill_event, NULL, NULL,
};

EVFLOW_PLUGIN_EXPORT(&threshold, &echo, &fails, &crash, &fill)
