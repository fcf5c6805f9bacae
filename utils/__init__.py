"""Instruments for the book "The autograd graph, kept and freed".

Lesson code stays in the notebooks; what lives here measures, draws or sets
up, and is unit-tested under ``tests/``.
"""
from utils.setup import choose_device, seed_everything
from utils.autograd_tools import (
    GraphNode,
    SavedTensorMeter,
    describe_graph,
    graph_nodes,
    saved_tensor_bytes,
    saved_tensors,
)
from utils.drawing import draw_graph

__all__ = [
    "GraphNode",
    "SavedTensorMeter",
    "choose_device",
    "describe_graph",
    "draw_graph",
    "graph_nodes",
    "saved_tensor_bytes",
    "saved_tensors",
    "seed_everything",
]
