/*
 * evflow/plugin.h: compiled modules (C, C++, Rust) for an evflow path.
 *
 * The design, ownership rules and versioning are in docs/plugins.md. A plugin is a shared
 * library that includes this header alone and links nothing of evflow: every call into
 * evflow goes through the `evflow_host` table it is given. It exports two symbols, defined by
 * EVFLOW_PLUGIN_EXPORT:
 *
 *     uint32_t evflow_plugin_abi(void);
 *     const evflow_module_type *const *evflow_plugin_modules(void);
 *
 * A steering file loads one of its modules by name:
 *
 *     path.add(ef.modules.Plugin("libmytrigger.so", "ClusterTrigger", threshold=3.5))
 *
 */
#ifndef EVFLOW_PLUGIN_H
#define EVFLOW_PLUGIN_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The ABI version: a plugin built against another is refused, both named. Bumped by any
 * change to a struct's layout or a function's signature; functions added at the end of
 * evflow_host do not bump it (its `size` says which exist). */
#define EVFLOW_PLUGIN_ABI 1u

/* What hooks return. */
#define EVFLOW_OK 0
#define EVFLOW_ERROR (-1)
/* What `event` returns besides EVFLOW_ERROR. */
#define EVFLOW_KEEP 0
#define EVFLOW_REJECT 1

/* evflow_module_type.flags */
#define EVFLOW_PARALLEL_SAFE 1u /* may run in several worker processes at once */
#define EVFLOW_SEES_FAILED 2u   /* gets events flagged failed too (outputs do) */

/* evflow_meta.flags: the event's flags as the .evf format stores them (docs/formats.md). */
#define EVFLOW_FLAG_FAILED 1u
#define EVFLOW_FLAG_RETRIED 2u
#define EVFLOW_FLAG_INCOMPLETE 4u

/* evflow_value.kind */
#define EVFLOW_INT 1u
#define EVFLOW_FLOAT 2u
#define EVFLOW_BOOL 3u
#define EVFLOW_STR 4u
#define EVFLOW_LIST 5u
#define EVFLOW_ARRAY 6u

/* Levels of evflow_host.log */
#define EVFLOW_LOG_DEBUG 10
#define EVFLOW_LOG_INFO 20
#define EVFLOW_LOG_WARNING 30
#define EVFLOW_LOG_ERROR 40

/* Opaque handles, valid for the call they are given to. */
typedef struct evflow_call evflow_call;     /* one call of a hook */
typedef struct evflow_event evflow_event;   /* the event of an `event` call */
typedef struct evflow_params evflow_params; /* the keyword parameters of `create` */

/* An array: an entry's bytes, or a numpy array given as a parameter. Read-only, C order,
 * valid until the hook returns. */
typedef struct evflow_array {
    const char *dtype;     /* numpy's dtype string: "<f8", "<u2", "|u1" */
    uint32_t ndim;
    uint32_t reserved;
    const uint64_t *shape; /* ndim extents */
    const void *data;      /* aligned to 8 bytes at least */
    uint64_t nbytes;
} evflow_array;

/* A parameter's value. */
typedef struct evflow_value {
    uint32_t kind;      /* EVFLOW_INT ... EVFLOW_ARRAY */
    uint32_t reserved;
    int64_t integer;    /* INT; BOOL: 0 or 1; LIST: the number of items */
    double real;        /* FLOAT */
    const char *text;   /* STR: UTF-8, not NUL-terminated ... */
    uint64_t length;    /* ... of this many bytes */
    evflow_array array; /* ARRAY */
    const void *list;   /* LIST: for evflow_host.list_item */
} evflow_value;

/* An event's identity. */
typedef struct evflow_meta {
    uint32_t run;
    uint32_t flags;  /* EVFLOW_FLAG_* */
    uint64_t number; /* the event number within its run */
    uint64_t seq;    /* its position in the job's input */
} evflow_meta;

/* What evflow gives a plugin: the same table for every call, valid as long as the instance
 * it was given to. Functions returning int return EVFLOW_OK or EVFLOW_ERROR. */
typedef struct evflow_host {
    uint64_t size; /* sizeof(evflow_host) in the evflow that loaded the plugin */
    uint32_t abi;  /* EVFLOW_PLUGIN_ABI of that evflow */
    uint32_t reserved;

    /* Says why the hook of `call` fails (copied); then return EVFLOW_ERROR. */
    void (*fail)(evflow_call *call, const char *message);
    /* A line in the process's log (copied). */
    void (*log)(evflow_call *call, int level, const char *message);

    /* create only: the parameter `name` (NULL when there is none: EVFLOW_ERROR); the name
     * of parameter `index` (NULL past the last); item `index` of a LIST value. */
    int (*param)(const evflow_params *params, const char *name, evflow_value *value);
    const char *(*param_name)(const evflow_params *params, uint64_t index);
    int (*list_item)(const evflow_value *list, uint64_t index, evflow_value *item);

    /* event only. */
    void (*meta)(const evflow_event *event, evflow_meta *meta);
    /* Entry `name` as a view, no copy (EVFLOW_ERROR when there is none). */
    int (*entry)(const evflow_event *event, const char *name, evflow_array *view);
    /* The name of entry `index` (NULL past the last). */
    const char *(*entry_name)(const evflow_event *event, uint64_t index);
    /* A new entry `name` (replacing one of that name) of `dtype` and `shape`: `*data` is
     * where to write its bytes, evflow's memory, writable until the hook returns (a second
     * put of the same name, or a remove, replaces them). The entry is in the event once
     * `event` returns EVFLOW_KEEP. */
    int (*put)(evflow_event *event, const char *name, const char *dtype, uint32_t ndim,
               const uint64_t *shape, void **data);
    int (*remove)(evflow_event *event, const char *name);
    void (*set_flags)(evflow_event *event, uint32_t flags); /* EVFLOW_FLAG_*, added */

    /* create only: this instance's EVFLOW_PARALLEL_SAFE and EVFLOW_SEES_FAILED, in place of
     * the type's flags (for a module whose parameters decide them). */
    void (*set_module_flags)(evflow_call *call, uint32_t flags);

    /* event only: entry `index` in order, its name and a view, no copy (EVFLOW_ERROR past the
     * last): the way to go through every entry. */
    int (*entry_at)(const evflow_event *event, uint64_t index, const char **name,
                    evflow_array *view);
} evflow_host;

/* A module type of the plugin. */
typedef struct evflow_module_type {
    uint64_t size;    /* sizeof(evflow_module_type) as the plugin was compiled */
    const char *name; /* what Plugin(library, name) picks; its name in statistics */
    uint32_t flags;   /* EVFLOW_PARALLEL_SAFE, EVFLOW_SEES_FAILED */
    uint32_t reserved;

    /* Makes an instance from the parameters (copy what you keep); keep `host`. On
     * EVFLOW_ERROR nothing was made (say why with host->fail). */
    int (*create)(const evflow_host *host, evflow_call *call, const evflow_params *params,
                  void **instance);
    /* Frees an instance: called once for each one made. */
    void (*destroy)(void *instance);

    /* The hooks of every module (docs/steering.md); any may be NULL. */
    int (*initialize)(evflow_call *call, void *instance);
    int (*begin_run)(evflow_call *call, void *instance, uint32_t run);
    /* EVFLOW_KEEP, EVFLOW_REJECT or EVFLOW_ERROR. */
    int (*event)(evflow_call *call, void *instance, evflow_event *event);
    int (*end_run)(evflow_call *call, void *instance, uint32_t run);
    int (*terminate)(evflow_call *call, void *instance);
} evflow_module_type;

/* Defines the two symbols evflow looks for; the arguments are pointers to the plugin's
 * evflow_module_type definitions:
 *
 *     static const evflow_module_type cluster_trigger = { sizeof(evflow_module_type), ... };
 *     EVFLOW_PLUGIN_EXPORT(&cluster_trigger)
 */
#ifdef __cplusplus
#define EVFLOW_PLUGIN_EXTERN extern "C"
#else
#define EVFLOW_PLUGIN_EXTERN
#endif
#define EVFLOW_PLUGIN_EXPORT(...)                                                                   \
    EVFLOW_PLUGIN_EXTERN __attribute__((visibility("default"))) uint32_t evflow_plugin_abi(void) {  \
        return EVFLOW_PLUGIN_ABI;                                                                   \
    }                                                                                               \
    EVFLOW_PLUGIN_EXTERN __attribute__((visibility("default"))) const evflow_module_type *const *  \
    evflow_plugin_modules(void) {                                                                   \
        static const evflow_module_type *const types[] = {__VA_ARGS__, NULL};                      \
        return types;                                                                               \
    }

#ifdef __cplusplus
}
#endif

#endif /* EVFLOW_PLUGIN_H */
