// sRGB, linear RGB, XYZ and L*a*b* (IEC 61966-2-1 and CIE 15 formulas, D65 white).
#include "colour.hpp"

#include <cmath>

namespace lc {
namespace {

constexpr double kWhite[3] = {0.95047, 1.0, 1.08883};
constexpr double kRgbToXyz[3][3] = {{0.4124564, 0.3575761, 0.1804375},
                                    {0.2126729, 0.7151522, 0.0721750},
                                    {0.0193339, 0.1191920, 0.9503041}};
constexpr double kXyzToRgb[3][3] = {{3.2404542, -1.5371385, -0.4985314},
                                    {-0.9692660, 1.8760108, 0.0415560},
                                    {0.0556434, -0.2040259, 1.0572252}};
constexpr double kEpsilon = 216.0 / 24389.0;
constexpr double kKappa = 24389.0 / 27.0;

double lab_f(double t) { return t > kEpsilon ? std::cbrt(t) : (kKappa * t + 16.0) / 116.0; }
double lab_f_inverse(double f) {
    double cube = f * f * f;
    return cube > kEpsilon ? cube : (116.0 * f - 16.0) / kKappa;
}

Vec3 multiply(const double m[3][3], const Vec3 &v) {
    Vec3 out{};
    for (int i = 0; i < 3; ++i) out[i] = m[i][0] * v[0] + m[i][1] * v[1] + m[i][2] * v[2];
    return out;
}

}  // namespace

Vec3 srgb_to_linear(const Vec3 &srgb) {
    Vec3 out{};
    for (int i = 0; i < 3; ++i) {
        double c = srgb[i] / 255.0;
        out[i] = c <= 0.04045 ? c / 12.92 : std::pow((c + 0.055) / 1.055, 2.4);
    }
    return out;
}

Vec3 linear_to_srgb(const Vec3 &linear) {
    Vec3 out{};
    for (int i = 0; i < 3; ++i) {
        double c = linear[i];
        double encoded = c <= 0.0031308 ? 12.92 * c : 1.055 * std::pow(c, 1.0 / 2.4) - 0.055;
        out[i] = 255.0 * encoded;
    }
    return out;
}

double luminance(const Vec3 &linear) { return multiply(kRgbToXyz, linear)[1]; }

Vec3 linear_to_lab(const Vec3 &linear) {
    Vec3 xyz = multiply(kRgbToXyz, linear);
    double fx = lab_f(xyz[0] / kWhite[0]);
    double fy = lab_f(xyz[1] / kWhite[1]);
    double fz = lab_f(xyz[2] / kWhite[2]);
    return Vec3{116.0 * fy - 16.0, 500.0 * (fx - fy), 200.0 * (fy - fz)};
}

Vec3 lab_to_linear(const Vec3 &lab) {
    double fy = (lab[0] + 16.0) / 116.0;
    double fx = fy + lab[1] / 500.0;
    double fz = fy - lab[2] / 200.0;
    Vec3 xyz{lab_f_inverse(fx) * kWhite[0], lab_f_inverse(fy) * kWhite[1], lab_f_inverse(fz) * kWhite[2]};
    return multiply(kXyzToRgb, xyz);
}

}  // namespace lc
