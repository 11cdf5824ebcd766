// ClusterTrigger: a cluster finder for an 8 x 8 calorimeter, as an evflow plugin in C++
// (docs/plugins.md). It reads the raw counts of every tower (entry "adc", <u2, 64 values),
// calibrates them (pedestal, a gain per tower), grows clusters from every tower above
// `seed` GeV through neighbours above `neighbour` GeV, puts the clusters' energies
// ("cluster_energy", <f8) and sizes ("cluster_size", <u4), and keeps the event when a
// cluster reaches `threshold` GeV. Built against evflow/plugin.h alone (CMakeLists.txt).
#include <evflow/plugin.h>

#include <cstring>
#include <string>
#include <vector>

namespace {

constexpr int kGrid = 8;
constexpr int kTowers = kGrid * kGrid;

struct ClusterTrigger {
    const evflow_host* host;
    std::string entry = "adc";  // the raw counts
    double threshold = 3.5;     // GeV: the event is kept with a cluster of this much
    double seed = 1.0;          // GeV: a cluster starts at a tower of this much
    double neighbour = 0.2;     // GeV: and takes in neighbours of this much
    double pedestal = 10;       // counts of an empty tower
    std::vector<double> gains = std::vector<double>(kTowers, 0.05);  // GeV per count

    // Each parameter given, checked; false after host->fail.
    bool configure(evflow_call* call, const evflow_params* params);
    int event(evflow_call* call, evflow_event* event);
};

bool ClusterTrigger::configure(evflow_call* call, const evflow_params* params) {
    for (uint64_t i = 0; const char* name = host->param_name(params, i); i++) {
        evflow_value v;
        host->param(params, name, &v);
        const bool number = v.kind == EVFLOW_FLOAT || v.kind == EVFLOW_INT;
        const double x = v.kind == EVFLOW_INT ? static_cast<double>(v.integer) : v.real;
        const std::string key = name;
        if (key == "entry" && v.kind == EVFLOW_STR) {
            entry.assign(v.text, v.length);
        } else if (number && key == "threshold") {
            threshold = x;
        } else if (number && key == "seed") {
            seed = x;
        } else if (number && key == "neighbour") {
            neighbour = x;
        } else if (number && key == "pedestal") {
            pedestal = x;
        } else if (key == "gains" && v.kind == EVFLOW_ARRAY && std::strcmp(v.array.dtype, "<f8") == 0 &&
                   v.array.nbytes == kTowers * sizeof(double)) {
            std::memcpy(gains.data(), v.array.data, v.array.nbytes);
        } else {
            host->fail(call, ("parameter " + key + ": not one of entry (text), threshold, seed, "
                              "neighbour, pedestal (numbers), gains (64 float64)").c_str());
            return false;
        }
    }
    return true;
}

int ClusterTrigger::event(evflow_call* call, evflow_event* event) {
    evflow_array adc;
    if (host->entry(event, entry.c_str(), &adc) != EVFLOW_OK || std::strcmp(adc.dtype, "<u2") != 0 ||
        adc.nbytes != kTowers * sizeof(uint16_t)) {
        host->fail(call, ("no entry " + entry + " of 64 <u2 counts").c_str());
        return EVFLOW_ERROR;
    }
    double energy[kTowers];
    const uint16_t* counts = static_cast<const uint16_t*>(adc.data);  // a view: no copy
    for (int t = 0; t < kTowers; t++) energy[t] = (counts[t] > pedestal ? counts[t] - pedestal : 0) * gains[t];

    // Flood fill from each seed, hottest towers first taken by whichever cluster reaches them.
    std::vector<double> clusters;
    std::vector<uint32_t> sizes;
    bool taken[kTowers] = {};
    for (int s = 0; s < kTowers; s++) {
        if (taken[s] || energy[s] < seed) continue;
        int stack[kTowers], top = 0;
        stack[top++] = s;
        taken[s] = true;
        double sum = 0;
        uint32_t size = 0;
        while (top > 0) {
            const int t = stack[--top];
            sum += energy[t];
            size++;
            for (int dr = -1; dr <= 1; dr++)
                for (int dc = -1; dc <= 1; dc++) {
                    const int r = t / kGrid + dr, c = t % kGrid + dc, n = r * kGrid + c;
                    if (r < 0 || r >= kGrid || c < 0 || c >= kGrid || taken[n] || energy[n] < neighbour) continue;
                    taken[n] = true;
                    stack[top++] = n;
                }
        }
        clusters.push_back(sum);
        sizes.push_back(size);
    }

    const uint64_t n = clusters.size();
    void* out;
    if (host->put(event, "cluster_energy", "<f8", 1, &n, &out) != EVFLOW_OK) return EVFLOW_ERROR;
    if (n) std::memcpy(out, clusters.data(), n * sizeof(double));
    if (host->put(event, "cluster_size", "<u4", 1, &n, &out) != EVFLOW_OK) return EVFLOW_ERROR;
    if (n) std::memcpy(out, sizes.data(), n * sizeof(uint32_t));
    for (double e : clusters)
        if (e >= threshold) return EVFLOW_KEEP;
    return EVFLOW_REJECT;
}

int create(const evflow_host* host, evflow_call* call, const evflow_params* params, void** instance) {
    auto* trigger = new ClusterTrigger{host};
    if (!trigger->configure(call, params)) {
        delete trigger;
        return EVFLOW_ERROR;
    }
    *instance = trigger;
    return EVFLOW_OK;
}

void destroy(void* instance) { delete static_cast<ClusterTrigger*>(instance); }

int event(evflow_call* call, void* instance, evflow_event* event) {
    return static_cast<ClusterTrigger*>(instance)->event(call, event);
}

const evflow_module_type cluster_trigger = {
    sizeof(evflow_module_type), "ClusterTrigger", EVFLOW_PARALLEL_SAFE, 0, create, destroy,
    nullptr, nullptr, event, nullptr, nullptr,
};

}  // namespace

EVFLOW_PLUGIN_EXPORT(&cluster_trigger)
