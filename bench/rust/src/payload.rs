//! The events the benchmarks encode, write and read.

use bytes::Bytes;
use evflow_core::{Entry, Event};
use evflow_runtime::modules::EventRng;

/// Run number of every benchmark event.
pub const RUN: u32 = 1;

/// ADC samples are digitized around this pedestal (counts).
const ADC_PEDESTAL: f64 = 100.0;
/// Electronics noise on every sample (counts, Gaussian sigma).
const ADC_NOISE_SIGMA: f64 = 2.5;
/// Share of samples that carry a signal pulse on top of the noise.
const ADC_PULSE_PROBABILITY: f64 = 0.01;
/// Mean pulse height (counts, exponential).
const ADC_PULSE_SCALE: f64 = 300.0;
/// Seed of the ADC samples.
const ADC_SEED: u64 = 2024;

/// An event with one `|u1` entry of `len` bytes: a raw block as the frame codec sees it.
pub fn blob_event(len: usize) -> Event {
    let data: Vec<u8> = (0..len).map(|i| (i % 251) as u8).collect();
    let mut event = Event::new(RUN, 1);
    event.put("raw", Entry::bytes(Bytes::from(data))).expect("a valid entry name");
    event
}

/// Event `number` with one `<u2` entry `adc` of `bytes` bytes of detector-like samples:
/// a pedestal of 100 counts with Gaussian noise (sigma 2.5), and on 1% of the samples an
/// exponential pulse (mean 300 counts). Compresses about as well as raw waveform data.
pub fn adc_event(number: u64, bytes: usize) -> Event {
    let mut rng = EventRng::for_event(ADC_SEED, RUN, number);
    let samples = bytes / 2;
    let mut data = Vec::with_capacity(samples * 2);
    for _ in 0..samples {
        let mut value = rng.normal(ADC_PEDESTAL, ADC_NOISE_SIGMA);
        if rng.uniform() < ADC_PULSE_PROBABILITY {
            value += rng.exponential(ADC_PULSE_SCALE);
        }
        // `as` saturates, so a huge pulse clips at full scale like a real ADC.
        data.extend_from_slice(&(value.round() as u16).to_le_bytes());
    }
    let mut event = Event::new(RUN, number);
    let entry = Entry::new("<u2", vec![samples as u64], Bytes::from(data)).expect("size matches the shape");
    event.put("adc", entry).expect("a valid entry name");
    event
}
