#include "gpu_harness/stats.h"

#include <algorithm>
#include <cmath>

namespace torchlint::harness {

LineFit least_squares(const std::vector<double>& y) {
  LineFit fit;
  fit.n = y.size();
  if (y.size() < 2) return fit;
  const double n = static_cast<double>(y.size());
  double mean_x = (n - 1) / 2, mean_y = 0;
  for (double v : y) mean_y += v;
  mean_y /= n;
  double sxx = 0, sxy = 0, syy = 0;
  for (size_t i = 0; i < y.size(); ++i) {
    double dx = static_cast<double>(i) - mean_x, dy = y[i] - mean_y;
    sxx += dx * dx;
    sxy += dx * dy;
    syy += dy * dy;
  }
  fit.slope = sxy / sxx;
  fit.intercept = mean_y - fit.slope * mean_x;
  // A flat series is explained perfectly by a flat line.
  fit.r2 = syy == 0 ? 1.0 : (sxy * sxy) / (sxx * syy);
  return fit;
}

double percentile(std::vector<double> v, double p) {
  std::erase_if(v, [](double x) { return std::isnan(x); });  // NaN would break the sort's ordering
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  double rank = std::clamp(p, 0.0, 100.0) / 100.0 * static_cast<double>(v.size() - 1);
  size_t lo = static_cast<size_t>(std::floor(rank)), hi = static_cast<size_t>(std::ceil(rank));
  return v[lo] + (v[hi] - v[lo]) * (rank - static_cast<double>(lo));
}

double median(std::vector<double> v) { return percentile(std::move(v), 50); }

double half_range(const std::vector<double>& v) {
  if (v.empty()) return 0;
  auto [lo, hi] = std::minmax_element(v.begin(), v.end());
  return (*hi - *lo) / 2;
}

}  // namespace torchlint::harness
