#include "state_svg.hpp"

#include <algorithm>
#include <cmath>

#include "geometry.hpp"
#include "notation.hpp"
#include "svg.hpp"

namespace lc::render {
namespace {

constexpr double kCos30 = 0.8660254037844386;
constexpr int kSequenceColumns = 4;

struct Extent {
    double width, height;
};

double margin(const CubeStyle &style) { return style.sticker_px / 4.0; }

// The size of one cube's picture, margins included.
Extent cube_extent(int size, const CubeStyle &style) {
    const double s = style.sticker_px;
    const double m = 2 * margin(style);
    if (style.iso) return {2 * kCos30 * size * s + m, 2 * size * s + m};
    return {4 * size * s + m, 3 * size * s + m};
}

std::string sticker_attributes(const std::string &prefix, int index, int per_face, uint32_t rgb) {
    std::string id = prefix + kFaceLetters[index / per_face] + std::to_string(index % per_face);
    return "class=\"sticker\" id=\"" + id + "\" fill=\"" + hex_colour(rgb) + "\"";
}

// Where each face of the net is, in face widths: U above F, then L F R B, D below F.
void face_origin(int face, int &column, int &row) {
    static const int columns[6] = {1, 2, 1, 1, 0, 3};  // U R F D L B
    static const int rows[6] = {0, 1, 1, 2, 1, 1};
    column = columns[face];
    row = rows[face];
}

void draw_net(std::string &o, int size, const std::string &letters, const CubeStyle &style, double x0, double y0,
              const std::string &prefix) {
    const double s = style.sticker_px;
    const int per = size * size;
    for (int i = 0; i < 6 * per; ++i) {
        int column = 0;
        int row = 0;
        face_origin(i / per, column, row);
        double x = x0 + (column * size + (i % per) % size) * s;
        double y = y0 + (row * size + (i % per) / size) * s;
        o += "<rect " + sticker_attributes(prefix, i, per, colour_of(style.palette, letters[static_cast<size_t>(i)])) +
             " x=\"" + num(x) + "\" y=\"" + num(y) + "\" width=\"" + num(s) + "\" height=\"" + num(s) + "\"/>\n";
    }
}

// A corner of the isometric view: a runs left to right along F, b front to back along R, h up.
struct Iso {
    double x0, y0, s;
    std::string point(double a, double b, double h) const {
        return num(x0 + kCos30 * s * (a + b)) + "," + num(y0 + s * (0.5 * a - 0.5 * b - h));
    }
};

void draw_iso(std::string &o, int size, const std::string &letters, const CubeStyle &style, double x0, double y0,
              const std::string &prefix) {
    const int n = size;
    const int per = n * n;
    const Iso iso{x0, y0 + 1.5 * n * style.sticker_px, static_cast<double>(style.sticker_px)};
    // The four corners of sticker (r, c) of a face, as (a, b, h) of its top-left corner and two edges.
    auto polygon = [&](int face, int r, int c) {
        double a[4], b[4], h[4];
        for (int k = 0; k < 4; ++k) {
            double across = c + (k == 1 || k == 2);  // left to right on the face
            double down = r + (k >= 2);              // top to bottom on the face
            if (face == U) {
                a[k] = across, b[k] = n - down, h[k] = n;
            } else if (face == F) {
                a[k] = across, b[k] = 0, h[k] = n - down;
            } else {
                a[k] = n, b[k] = across, h[k] = n - down;
            }
        }
        int index = face * per + r * n + c;
        uint32_t rgb = colour_of(style.palette, letters[static_cast<size_t>(index)]);
        o += "<polygon " + sticker_attributes(prefix, index, per, rgb) + " points=\"";
        for (int k = 0; k < 4; ++k) o += (k ? " " : "") + iso.point(a[k], b[k], h[k]);
        o += "\"/>\n";
    };
    for (int face : {U, F, R})
        for (int r = 0; r < n; ++r)
            for (int c = 0; c < n; ++c) polygon(face, r, c);
}

void draw_cube(std::string &o, int size, const std::string &letters, const CubeStyle &style, double x0, double y0,
               const std::string &prefix) {
    o += "<g stroke=\"#000000\" stroke-width=\"" + num(std::max(1.0, style.sticker_px / 16.0)) +
         "\" stroke-linejoin=\"round\">\n";
    if (style.iso)
        draw_iso(o, size, letters, style, x0 + margin(style), y0 + margin(style), prefix);
    else
        draw_net(o, size, letters, style, x0 + margin(style), y0 + margin(style), prefix);
    o += "</g>\n";
}

std::string title_of(int size, const CubeStyle &style) {
    std::string n = std::to_string(size);
    return n + "x" + n + " cube, " + (style.iso ? "3-D view of U, F and R" : "net");
}

}  // namespace

std::string state_svg(int size, const std::string &letters, const CubeStyle &style) {
    Extent e = cube_extent(size, style);
    std::string body;
    draw_cube(body, size, letters, style, 0, 0, "");
    return svg_document(e.width, e.height, title_of(size, style), body);
}

std::string sequence_svg(int size, const std::string &letters, const MoveList &moves, const CubeStyle &style) {
    const Geometry &g = geometry(size);
    const Extent e = cube_extent(size, style);
    const double caption = 8 + style.sticker_px / 2.0;
    const size_t pictures = moves.size() + 1;
    const size_t columns = pictures < kSequenceColumns ? pictures : kSequenceColumns;
    const size_t rows = (pictures + columns - 1) / columns;
    std::string cube = letters;
    std::string body;
    for (size_t i = 0; i < pictures; ++i) {
        if (i > 0) apply_move(g, cube, moves[i - 1]);
        double x = static_cast<double>(i % columns) * e.width;
        double y = static_cast<double>(i / columns) * (e.height + caption);
        std::string label = i == 0 ? "start" : std::to_string(i) + ". " + format_move(moves[i - 1]);
        body += "<g class=\"step\" id=\"s" + std::to_string(i) + "\">\n<text x=\"" + num(x + margin(style)) +
                "\" y=\"" + num(y + caption - 4) + "\" font-size=\"" + num(caption - 6) + "\">" +
                xml_escaped(label) + "</text>\n";
        draw_cube(body, size, cube, style, x, y + caption, "s" + std::to_string(i) + "-");
        body += "</g>\n";
        check_svg_size(body);
    }
    std::string title = title_of(size, style) + " after each move of " + format_moves(moves);
    return svg_document(static_cast<double>(columns) * e.width, static_cast<double>(rows) * (e.height + caption),
                        title, body);
}

}  // namespace lc::render
