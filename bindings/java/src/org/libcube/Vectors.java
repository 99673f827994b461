package org.libcube;

import java.util.List;

/** Converts the library's vectors to Java arrays and lists, freeing each vector right away. */
final class Vectors {
    private Vectors() {
    }

    static int[] toArray(IntVector vector) {
        try {
            int[] values = new int[vector.size()];
            for (int i = 0; i < values.length; i++) {
                values[i] = vector.get(i);
            }
            return values;
        } finally {
            vector.close();
        }
    }

    static List<String> toList(StringVector vector) {
        try {
            return List.copyOf(vector);
        } finally {
            vector.close();
        }
    }

    static List<DeviceInfo> toList(DeviceInfoVector vector) {
        try {
            return List.copyOf(vector);
        } finally {
            vector.close();
        }
    }

    /** A vector holding {@code values}, the argument called {@code name} (null: CubeException). */
    static IntVector fromArray(int[] values, String name) {
        if (values == null) {
            throw CubeException.nullArgument(name);
        }
        return new IntVector(values);
    }
}
