// DriverRegistry: arrays over the generated class.
namespace LibCube {

public partial class DriverRegistry {
  /// <summary>Plugins found but not usable, one line each.</summary>
  public string[] Problems() {
    return NativeArrays.Take(ProblemsNative());
  }

  /// <summary>The devices the driver at `index` finds now.</summary>
  public DeviceInfo[] Devices(int index) {
    return NativeArrays.Take(DevicesNative(index));
  }
}

}
