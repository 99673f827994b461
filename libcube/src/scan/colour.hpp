// Colour conversions of the scan code: sRGB and CIE L*a*b* (D65) through linear RGB.
#pragma once
#include <array>

namespace lc {

using Vec3 = std::array<double, 3>;

// sRGB 0..255 to linear RGB 0..1 (the sRGB transfer curve).
Vec3 srgb_to_linear(const Vec3 &srgb);
// Linear RGB 0..1 to sRGB 0..255 (not clipped).
Vec3 linear_to_srgb(const Vec3 &linear);
// Linear RGB (sRGB primaries) to CIE L*a*b* relative to the D65 white.
Vec3 linear_to_lab(const Vec3 &linear);
// CIE L*a*b* (D65) to linear RGB (may leave 0..1 for colours outside the sRGB gamut).
Vec3 lab_to_linear(const Vec3 &lab);
// Relative luminance Y of linear RGB.
double luminance(const Vec3 &linear);

}  // namespace lc
