// Robot telemetry in the shape of a robotics stack's msgpack-c messages: classes that keep their
// data private behind constructors and getters, fixed-size C arrays for poses, frame ids and raw
// sensor blobs, short wire keys through MSGPACK_NVP, a wire order that is not the declaration
// order, and bookkeeping members that never go on the wire.
#pragma once

#include <msgpack.hpp>

#include <cstdint>
#include <cstring>
#include <map>
#include <string>
#include <utility>
#include <vector>

namespace telemetry {

// A plain nested struct: public, all members listed.
struct Vector3 {
  double x = 0;
  double y = 0;
  double z = 0;
  MSGPACK_DEFINE_MAP(x, y, z);
};

// A frame id is a fixed char[16]: written up to its first NUL, all 16 bytes when there is none.
inline void copy_frame_id(char (&to)[16], const char* from, std::size_t size) {
  std::memset(to, 0, sizeof to);
  std::memcpy(to, from, size < sizeof to ? size : sizeof to);
}

class Pose {
 public:
  Pose() = default;
  Pose(const char* frame_id, std::size_t frame_id_size, const float (&matrix)[4][4],
       std::uint64_t stamp_ns)
      : stamp_ns_(stamp_ns) {
    copy_frame_id(frame_id_, frame_id, frame_id_size);
    std::memcpy(matrix_, matrix, sizeof matrix_);
  }

  const char (&frame_id() const)[16] { return frame_id_; }
  const float (&matrix() const)[4][4] { return matrix_; }
  std::uint64_t stamp_ns() const { return stamp_ns_; }
  std::uint32_t cache_hits() const { return cache_hits_; }

  // Wire order: stamp, frame, matrix. Declaration order differs; cache_hits_ stays local.
  MSGPACK_DEFINE_MAP(MSGPACK_NVP("t", stamp_ns_), MSGPACK_NVP("frame", frame_id_),
                     MSGPACK_NVP("m", matrix_));

 private:
  char frame_id_[16] = {};
  float matrix_[4][4] = {};
  std::uint32_t cache_hits_ = 0;  // not sent
  std::uint64_t stamp_ns_ = 0;
};

class ImuSample {
 public:
  ImuSample() = default;
  ImuSample(const Vector3& accel, const Vector3& gyro, float temperature,
            const std::uint8_t (&raw)[32])
      : accel_(accel), gyro_(gyro), temperature_(temperature) {
    std::memcpy(raw_, raw, sizeof raw_);
  }

  const Vector3& accel() const { return accel_; }
  const Vector3& gyro() const { return gyro_; }
  float temperature() const { return temperature_; }
  const std::uint8_t (&raw() const)[32] { return raw_; }

  MSGPACK_DEFINE_MAP(MSGPACK_NVP("acc", accel_), MSGPACK_NVP("gyr", gyro_),
                     MSGPACK_NVP("temp", temperature_), MSGPACK_NVP("raw", raw_));

 private:
  Vector3 accel_;
  Vector3 gyro_;
  float temperature_ = 0;
  std::uint8_t raw_[32] = {};  // the register dump, as a bin of 32 bytes
};

// Sensors share an id and a label kept protected in their base; each sensor's own macro lists
// them, so the base is not a wire object of its own.
class SensorBase {
 public:
  SensorBase() = default;
  SensorBase(std::uint32_t sensor_id, std::string label)
      : sensor_id_(sensor_id), label_(std::move(label)) {}
  std::uint32_t sensor_id() const { return sensor_id_; }
  const std::string& label() const { return label_; }

 protected:
  std::uint32_t sensor_id_ = 0;
  std::string label_;
};

class RangeSensor : public SensorBase {
 public:
  RangeSensor() = default;
  RangeSensor(std::uint32_t sensor_id, std::string label, float range_m, float min_m, float max_m,
              std::int16_t status)
      : SensorBase(sensor_id, std::move(label)),
        range_m_(range_m),
        min_m_(min_m),
        max_m_(max_m),
        status_(status) {}

  float range_m() const { return range_m_; }
  bool dirty() const { return dirty_; }

  MSGPACK_DEFINE_MAP(MSGPACK_NVP("id", sensor_id_), MSGPACK_NVP("name", label_),
                     MSGPACK_NVP("r", range_m_), MSGPACK_NVP("min", min_m_),
                     MSGPACK_NVP("max", max_m_), status_);

 private:
  float range_m_ = 0;
  float min_m_ = 0;
  float max_m_ = 0;
  std::int16_t status_ = 0;
  bool dirty_ = false;  // not sent
};

// One frame of everything a robot reports.
class TelemetryFrame {
 public:
  TelemetryFrame() = default;
  TelemetryFrame(std::uint64_t sequence, const char* robot, std::size_t robot_size, Pose pose,
                 std::vector<ImuSample> imu, std::vector<double> joint_positions,
                 std::vector<RangeSensor> ranges, std::map<std::string, float> diagnostics,
                 std::int8_t mode)
      : sequence_(sequence),
        pose_(std::move(pose)),
        imu_(std::move(imu)),
        joint_positions_(std::move(joint_positions)),
        ranges_(std::move(ranges)),
        diagnostics_(std::move(diagnostics)),
        mode_(mode) {
    copy_frame_id(robot_, robot, robot_size);
  }

  std::uint64_t sequence() const { return sequence_; }
  const Pose& pose() const { return pose_; }
  const std::vector<ImuSample>& imu() const { return imu_; }
  const std::vector<double>& joint_positions() const { return joint_positions_; }
  const std::string& debug_note() const { return debug_note_; }
  void set_debug_note(std::string note) { debug_note_ = std::move(note); }

  MSGPACK_DEFINE_MAP(MSGPACK_NVP("seq", sequence_), MSGPACK_NVP("robot", robot_), mode_,
                     MSGPACK_NVP("pose", pose_), MSGPACK_NVP("q", joint_positions_),
                     MSGPACK_NVP("imu", imu_), MSGPACK_NVP("ranges", ranges_),
                     MSGPACK_NVP("diag", diagnostics_));

 private:
  std::uint64_t sequence_ = 0;
  char robot_[16] = {};
  Pose pose_;
  std::vector<ImuSample> imu_;
  std::string debug_note_;  // not sent
  std::vector<double> joint_positions_;
  std::vector<RangeSensor> ranges_;
  std::map<std::string, float> diagnostics_;
  std::int8_t mode_ = 0;
};

}  // namespace telemetry
