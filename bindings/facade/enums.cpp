// The facade's enums are the C API's values (checked here), and the status and version queries.
#include "call.hpp"

namespace lcb {

#define LCB_SAME(facade, c) static_assert(static_cast<int32_t>(facade) == (c), #facade " != " #c)

LCB_SAME(Status::Ok, CUBE_OK);
LCB_SAME(Status::InvalidArgument, CUBE_ERROR_INVALID_ARGUMENT);
LCB_SAME(Status::Parse, CUBE_ERROR_PARSE);
LCB_SAME(Status::InvalidCube, CUBE_ERROR_INVALID_CUBE);
LCB_SAME(Status::Unsolvable, CUBE_ERROR_UNSOLVABLE);
LCB_SAME(Status::NoMemory, CUBE_ERROR_NO_MEMORY);
LCB_SAME(Status::Io, CUBE_ERROR_IO);
LCB_SAME(Status::NotFound, CUBE_ERROR_NOT_FOUND);
LCB_SAME(Status::Timeout, CUBE_ERROR_TIMEOUT);
LCB_SAME(Status::Cancelled, CUBE_ERROR_CANCELLED);
LCB_SAME(Status::BufferTooSmall, CUBE_ERROR_BUFFER_TOO_SMALL);
LCB_SAME(Status::Unsupported, CUBE_ERROR_UNSUPPORTED);
LCB_SAME(Status::Corrupt, CUBE_ERROR_CORRUPT);
LCB_SAME(Status::Internal, CUBE_ERROR_INTERNAL);

LCB_SAME(TableFolderRole::Env, CUBE_TABLE_FOLDER_ENV);
LCB_SAME(TableFolderRole::Cache, CUBE_TABLE_FOLDER_CACHE);
LCB_SAME(TableFolderRole::System, CUBE_TABLE_FOLDER_SYSTEM);

LCB_SAME(TableFileState::Sound, CUBE_TABLE_FILE_SOUND);
LCB_SAME(TableFileState::Missing, CUBE_TABLE_FILE_MISSING);
LCB_SAME(TableFileState::Damaged, CUBE_TABLE_FILE_DAMAGED);
LCB_SAME(TableFileState::Unreadable, CUBE_TABLE_FILE_UNREADABLE);
LCB_SAME(TableFileState::OtherByteOrder, CUBE_TABLE_FILE_OTHER_BYTE_ORDER);

LCB_SAME(ColourSpace::Srgb, CUBE_SCAN_SRGB);
LCB_SAME(ColourSpace::Lab, CUBE_SCAN_LAB);
LCB_SAME(ColorSpace::Srgb, CUBE_SCAN_SRGB);
LCB_SAME(ColorSpace::Lab, CUBE_SCAN_LAB);

LCB_SAME(Metric::Htm, CUBE_METRIC_HTM);
LCB_SAME(Metric::Qtm, CUBE_METRIC_QTM);
LCB_SAME(Metric::Stm, CUBE_METRIC_STM);

LCB_SAME(MoveKind::U, CUBE_MOVE_U);
LCB_SAME(MoveKind::R, CUBE_MOVE_R);
LCB_SAME(MoveKind::F, CUBE_MOVE_F);
LCB_SAME(MoveKind::D, CUBE_MOVE_D);
LCB_SAME(MoveKind::L, CUBE_MOVE_L);
LCB_SAME(MoveKind::B, CUBE_MOVE_B);
LCB_SAME(MoveKind::Uw, CUBE_MOVE_UW);
LCB_SAME(MoveKind::Rw, CUBE_MOVE_RW);
LCB_SAME(MoveKind::Fw, CUBE_MOVE_FW);
LCB_SAME(MoveKind::Dw, CUBE_MOVE_DW);
LCB_SAME(MoveKind::Lw, CUBE_MOVE_LW);
LCB_SAME(MoveKind::Bw, CUBE_MOVE_BW);
LCB_SAME(MoveKind::M, CUBE_MOVE_M);
LCB_SAME(MoveKind::E, CUBE_MOVE_E);
LCB_SAME(MoveKind::S, CUBE_MOVE_S);
LCB_SAME(MoveKind::X, CUBE_MOVE_X);
LCB_SAME(MoveKind::Y, CUBE_MOVE_Y);
LCB_SAME(MoveKind::Z, CUBE_MOVE_Z);
static_assert(static_cast<int32_t>(MoveKind::Z) + 1 == CUBE_MOVE_KIND_COUNT, "a move kind is missing");

LCB_SAME(RobotFamily::SixMotor, CUBE_ROBOT_SIX_MOTOR);
LCB_SAME(RobotFamily::FourArm, CUBE_ROBOT_FOUR_ARM);
LCB_SAME(RobotFamily::TwoGripper, CUBE_ROBOT_TWO_GRIPPER);
LCB_SAME(RobotFamily::TurntableFlipper, CUBE_ROBOT_TURNTABLE_FLIPPER);
LCB_SAME(RobotFamily::HoldFlip, CUBE_ROBOT_HOLD_FLIP);
LCB_SAME(RobotFamily::Described, CUBE_ROBOT_DESCRIBED);

LCB_SAME(ActionKind::Turn, CUBE_ACTION_TURN);
LCB_SAME(ActionKind::Grip, CUBE_ACTION_GRIP);
LCB_SAME(ActionKind::Flip, CUBE_ACTION_FLIP);

LCB_SAME(PlanStrategy::Optimal, CUBE_PLAN_OPTIMAL);
LCB_SAME(PlanStrategy::Greedy, CUBE_PLAN_GREEDY);
LCB_SAME(PlanStrategy::Naive, CUBE_PLAN_NAIVE);

LCB_SAME(PlanFinish::Rest, CUBE_PLAN_FINISH_REST);
LCB_SAME(PlanFinish::Anywhere, CUBE_PLAN_FINISH_ANYWHERE);

LCB_SAME(StopLevel::Halt, CUBE_STOP_HALT);
LCB_SAME(StopLevel::Deenergize, CUBE_STOP_DEENERGIZE);

LCB_SAME(DriverState::Idle, CUBE_DRIVER_IDLE);
LCB_SAME(DriverState::Busy, CUBE_DRIVER_BUSY);
LCB_SAME(DriverState::Stopped, CUBE_DRIVER_STOPPED);
LCB_SAME(DriverState::Fault, CUBE_DRIVER_FAULT);

LCB_SAME(FaultCode::None, CUBE_FAULT_NONE);
LCB_SAME(FaultCode::Device, CUBE_FAULT_DEVICE);
LCB_SAME(FaultCode::Communication, CUBE_FAULT_COMMUNICATION);
LCB_SAME(FaultCode::Timeout, CUBE_FAULT_TIMEOUT);
LCB_SAME(FaultCode::Refused, CUBE_FAULT_REFUSED);
LCB_SAME(FaultCode::Mismatch, CUBE_FAULT_MISMATCH);
LCB_SAME(FaultCode::Cancelled, CUBE_FAULT_CANCELLED);
LCB_SAME(FaultCode::Position, CUBE_FAULT_POSITION);
LCB_SAME(FaultCode::Hung, CUBE_FAULT_HUNG);
LCB_SAME(FaultCode::Other, CUBE_FAULT_OTHER);

LCB_SAME(ProgressEvent::Stage, CUBE_PROGRESS_STAGE);
LCB_SAME(ProgressEvent::Notice, CUBE_PROGRESS_NOTICE);
LCB_SAME(ColorScheme::Western, CUBE_SCHEME_WESTERN);
LCB_SAME(ColorScheme::Japanese, CUBE_SCHEME_JAPANESE);
LCB_SAME(ColorScheme::Custom, CUBE_SCHEME_CUSTOM);
LCB_SAME(PictureView::Net, CUBE_VIEW_NET);
LCB_SAME(PictureView::ThreeD, CUBE_VIEW_3D);
LCB_SAME(TextColor::Letters, CUBE_COLOR_LETTERS);
LCB_SAME(TextColor::Ansi256, CUBE_COLOR_256);
LCB_SAME(TextColor::TrueColor, CUBE_COLOR_24BIT);

#undef LCB_SAME

std::string statusName(Status status) { return cube_status_name(static_cast<cube_status>(status)); }
std::string statusMessage(Status status) { return cube_status_message(static_cast<cube_status>(status)); }

std::string version() { return cube_version_string(); }
int32_t versionNumber() { return static_cast<int32_t>(cube_version()); }

} // namespace lcb
