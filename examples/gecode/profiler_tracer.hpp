// A Gecode search tracer that sends the search to a CP-Profiler listener (dokuscope listen).
//
// Debian's Gecode 6.2 is built without GECODE_HAS_CPPROFILER, so its own CPProfilerSearchTracer
// is not in the library; the connector that tracer uses is shipped as a header
// (gecode/search/cpprofiler/connector.hpp, with message.hpp), and this class is the few lines
// between Gecode's SearchTracer events and that connector. It sends what Gecode's tracer sends:
// START with the name, a NODE per explored node (label: the brancher's text for the alternative,
// such as "var[54] = 8"), a SKIPPED node per skipped edge, RESTART per round, DONE at the end.
// The connector connects to "localhost" on the given port (it has no host parameter).
#ifndef DOKUSCOPE_PROFILER_TRACER_HPP
#define DOKUSCOPE_PROFILER_TRACER_HPP

#include <gecode/search.hh>

#include <sys/socket.h>

#include <gecode/search/cpprofiler/message.hpp>
#include <gecode/search/cpprofiler/connector.hpp>

#include <iostream>
#include <string>

class ProfilerTracer : public Gecode::SearchTracer {
  Gecode::CPProfiler::Connector connector;
  std::string name;
  int execution_id;
  int restart = 0;

  static int as_int(unsigned int n) { return static_cast<int>(n); }

public:
  ProfilerTracer(unsigned int port, std::string name0, int execution_id0)
    : connector(port), name(std::move(name0)), execution_id(execution_id0) {}

  bool connected() const { return connector.connected(); }

  void init() override {
    bool restarts = engines() == 2U && engine(0U).type() == EngineType::RBS;
    connector.connect();
    if (!connector.connected())
      std::cerr << "gecode: no profiler listening on localhost; searching without it\n";
    connector.start(name, execution_id, restarts);
  }

  void round(unsigned int) override {
    connector.restart(++restart);
  }

  void skip(const EdgeInfo& ei) override {
    // A skipped alternative has no node id of its own: -1, as Gecode's tracer sends.
    Gecode::CPProfiler::NodeUID node{-1, restart, as_int(ei.wid())};
    Gecode::CPProfiler::NodeUID parent{as_int(ei.nid()), restart, as_int(ei.wid())};
    connector.sendNode(connector.createNode(node, parent, as_int(ei.alternative()), 0,
                                            Gecode::CPProfiler::NodeStatus::SKIPPED)
                           .set_label(ei.string()));
  }

  void node(const EdgeInfo& ei, const NodeInfo& ni) override {
    using Gecode::CPProfiler::NodeStatus;
    Gecode::CPProfiler::NodeUID node{as_int(ni.nid()), restart, as_int(ni.wid())};
    Gecode::CPProfiler::NodeUID parent{-1, restart, -1};  // a root, unless the edge says
    int alternative = restart;  // what Gecode's tracer sends for a root
    std::string label;
    if (ei) {
      parent = {as_int(ei.nid()), restart, as_int(ei.wid())};
      alternative = as_int(ei.alternative());
      label = ei.string();
    }
    NodeStatus status = NodeStatus::FAILED;
    int kids = 0;
    switch (ni.type()) {
    case NodeType::SOLVED: status = NodeStatus::SOLVED; break;
    case NodeType::FAILED: status = NodeStatus::FAILED; break;
    case NodeType::BRANCH:
      status = NodeStatus::BRANCH;
      kids = as_int(ni.choice().alternatives());
      break;
    }
    connector.sendNode(connector.createNode(node, parent, alternative, kids, status).set_label(label));
  }

  void done() override {
    connector.done();
    if (connector.connected())
      connector.disconnect();
  }
};

#endif
