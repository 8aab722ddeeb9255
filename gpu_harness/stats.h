// Statistics for measurements: slopes by least squares with R², medians, percentiles, spread.
#pragma once
#include <cstddef>
#include <vector>

namespace torchlint::harness {

struct LineFit {
  double slope = 0;      // change per step
  double intercept = 0;
  double r2 = 0;         // 1 when every point lies on the line; 1 too for a flat series
  size_t n = 0;
};

// y[i] against i = 0..n-1. Fewer than two points: slope 0, r2 0.
LineFit least_squares(const std::vector<double>& y);
double median(std::vector<double> v);
// The p-th percentile (0..100), linear between ranks; 0 for an empty input.
double percentile(std::vector<double> v, double p);
// Half the range of `v`: how far repeated measurements of one figure stray.
double half_range(const std::vector<double>& v);

}  // namespace torchlint::harness
