// A scene graph in the shape of a game engine's save files: classes nested in a class, the
// outer class keeping its layers private, and a macro in each nested class.
#pragma once

#include <msgpack.hpp>

#include <cstdint>
#include <string>
#include <utility>
#include <vector>

namespace scene {

class Scene {
 public:
  // Nested and public: referred to as Scene::Node.
  struct Node {
    std::string name;
    std::int32_t parent = -1;
    float translation[3] = {};
    double scale = 1;
    std::vector<std::uint32_t> mesh_ids;
    MSGPACK_DEFINE_MAP(name, parent, MSGPACK_NVP("t", translation), scale, mesh_ids);
  };

  // Nested, with private members of its own.
  class Layer {
   public:
    Layer() = default;
    Layer(std::string name, std::vector<Node> nodes, bool visible, std::uint8_t opacity)
        : name_(std::move(name)), nodes_(std::move(nodes)), visible_(visible), opacity_(opacity) {}
    const std::string& name() const { return name_; }
    const std::vector<Node>& nodes() const { return nodes_; }

    MSGPACK_DEFINE(name_, visible_, opacity_, nodes_);

   private:
    std::string name_;
    std::vector<Node> nodes_;
    bool visible_ = true;
    std::uint8_t opacity_ = 255;
  };

  Scene() = default;
  Scene(std::string title, std::vector<Layer> layers, std::uint64_t revision)
      : title_(std::move(title)), layers_(std::move(layers)), revision_(revision) {}
  const std::vector<Layer>& layers() const { return layers_; }

  MSGPACK_DEFINE_MAP(MSGPACK_NVP("title", title_), MSGPACK_NVP("rev", revision_),
                     MSGPACK_NVP("layers", layers_));

 private:
  std::string title_;
  std::vector<Layer> layers_;
  std::uint64_t revision_ = 0;
};

}  // namespace scene
