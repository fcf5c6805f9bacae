"""Written by python -m utils.book.explain_data (make sync) from book/errors.yml and the chapters'
headings: do not edit. What autograd_book.explain matches and the sections it names, per edition."""
DATA = {'baseurl': '',
 'editions': ['en', 'zh-hant', 'zh-hans'],
 'entries': [{'historical': False,
              'id': 'backward-twice',
              'message': 'Trying to backward through the graph a second time (or directly access saved '
                         'tensors after they have already been freed). Saved intermediate values of the '
                         'graph are freed when you call .backward() or autograd.grad(). Specify '
                         'retain_graph=True if you need to backward through the graph a second time or if '
                         'you need to access saved tensors after calling backward.'},
             {'historical': True,
              'id': 'backward-twice-saved-results',
              'message': 'Trying to backward through the graph a second time, but the saved intermediate '
                         'results have already been freed. Specify retain_graph=True when calling backward '
                         'the first time.',
              'today': 'backward-twice'},
             {'historical': True,
              'id': 'backward-twice-dot-backward-or-grad',
              'message': 'Trying to backward through the graph a second time, but the saved intermediate '
                         'results have already been freed. Specify retain_graph=True when calling '
                         '.backward() or autograd.grad() the first time.',
              'today': 'backward-twice'},
             {'historical': True,
              'id': 'backward-twice-buffers',
              'message': 'Trying to backward through the graph a second time, but the buffers have already '
                         'been freed. Specify retain_graph=True when calling backward the first time.',
              'today': 'backward-twice'},
             {'historical': True,
              'id': 'backward-twice-retain-variables',
              'message': 'Trying to backward through the graph second time, but the buffers have already '
                         'been freed. Please specify retain_variables=True when calling backward for the '
                         'first time.',
              'today': 'backward-twice'},
             {'historical': False,
              'id': 'modified-by-inplace',
              'message': 'one of the variables needed for gradient computation has been modified by an '
                         'inplace operation',
              'tail': 'which is output 0 of Mul, is at version 1; expected version 0 instead.'},
             {'historical': False,
              'id': 'zero-dim-index',
              'message': 'invalid index of a 0-dim tensor. Use `tensor.item()` in Python or '
                         '`tensor.item<T>()` in C++ to convert a 0-dim tensor to a number'},
             {'historical': True,
              'id': 'zero-dim-index-python-number',
              'message': 'invalid index of a 0-dim tensor. Use tensor.item() to convert a 0-dim tensor to a '
                         'Python number',
              'today': 'zero-dim-index'},
             {'historical': True,
              'id': 'zero-dim-index-warning',
              'message': 'invalid index of a 0-dim tensor. This will be an error in PyTorch 0.5. Use '
                         'tensor.item() to convert a 0-dim tensor to a Python number',
              'today': 'zero-dim-index'},
             {'historical': False,
              'id': 'non-scalar-backward',
              'message': 'grad can be implicitly created only for scalar outputs'},
             {'historical': False,
              'id': 'no-grad-fn',
              'message': 'element 0 of tensors does not require grad and does not have a grad_fn'},
             {'historical': True,
              'id': 'no-grad-fn-variables',
              'message': 'element 0 of variables does not require grad and does not have a grad_fn'},
             {'historical': True,
              'id': 'variables-tuple-volatile',
              'message': 'element 0 of variables tuple is volatile'},
             {'historical': True,
              'id': 'volatile-leaf-only',
              'message': 'volatile can only be set on leaf variables'},
             {'historical': False,
              'id': 'integer-requires-grad',
              'message': 'Tensors of floating point and complex dtype can require gradients'},
             {'historical': False,
              'id': 'integer-requires-grad-method',
              'message': 'only Tensors of floating point dtype can require gradients'},
             {'historical': False, 'id': 'optimize-non-leaf', 'message': "can't optimize a non-leaf Tensor"},
             {'historical': True,
              'id': 'backward-twice-saved-variables',
              'message': 'Trying to backward through the graph a second time (or directly access saved '
                         'variables after they have already been freed).',
              'today': 'backward-twice'},
             {'historical': False,
              'id': 'unused-input',
              'message': 'appears to not have been used in the graph. Set allow_unused=True if this is the '
                         'desired behavior.'},
             {'historical': False,
              'id': 'once-differentiable',
              'message': 'trying to differentiate twice a function that was marked with '
                         '@once_differentiable'},
             {'historical': False,
              'id': 'gradcheck-jacobian-mismatch',
              'message': 'Jacobian mismatch for output 0 with respect to input 0',
              'varies': [{'as': 'Jacobian mismatch for output 0 with respect to input 0',
                          'pattern': '\\bJacobian mismatch for output \\d+ with respect to input \\d+'}]},
             {'historical': False,
              'id': 'func-setup-context',
              'message': 'it must override the setup_context staticmethod'},
             {'historical': False,
              'id': 'vmap-escaped-tensor',
              'message': 'Either your tensor may have escaped from inside a function being vmapped and this '
                         'is a user error'},
             {'historical': False,
              'id': 'func-vmap-support',
              'message': 'does not have vmap support. Please override and implement the vmap staticmethod or '
                         'set generate_vmap_rule=True'},
             {'historical': True,
              'id': 'functorch-autograd-function',
              'message': 'functorch functions (vmap, grad, vjp, etc.) currently do not support the use of '
                         'autograd.Function'},
             {'historical': False,
              'id': 'func-saved-tensor-hooks',
              'message': "torch.func.{grad, vjp, jacrev, hessian} don't yet support saved tensor hooks. "
                         'Please open an issue with your use case.'},
             {'historical': False,
              'id': 'leaf-inplace-mark-dirty',
              'message': 'a leaf Variable that requires grad has been used in an in-place operation.'},
             {'historical': False,
              'id': 'materialize-grads-none',
              'message': "unsupported operand type(s) for *: 'NoneType' and"},
             {'historical': False,
              'id': 'checkpoint-reentrant-grad',
              'message': 'When use_reentrant=True, torch.utils.checkpoint is incompatible with .grad() or '
                         'passing an `inputs` parameter to .backward().'},
             {'historical': False,
              'id': 'checkpoint-none-output',
              'message': 'none of output has requires_grad=True, this checkpoint() is not necessary'},
             {'historical': False,
              'id': 'module-hook-output-not-tensor',
              'message': 'For backward hooks to be called, module output should be a Tensor or a tuple of '
                         'Tensors'},
             {'historical': False,
              'id': 'function-ctx-attribute-missing',
              'message': "Backward' object has no attribute"},
             {'historical': False,
              'id': 'function-gradient-count',
              'message': 'returned an incorrect number of gradients'},
             {'historical': False,
              'id': 'function-gradient-shape',
              'message': 'returned an invalid gradient at index',
              'varies': [{'as': 'invalid gradient at index $1',
                          'pattern': '\\binvalid gradient at index (\\d+) - got[\\s\\[\\]]*but expected '
                                     'shape compatible with\\b'}]},
             {'historical': False,
              'id': 'function-dirty-not-returned',
              'message': 'Some elements marked as dirty during the forward method were not returned as '
                         'output'},
             {'historical': False,
              'id': 'inference-inplace',
              'message': 'Inplace update to inference tensor outside InferenceMode is not allowed.'},
             {'historical': False,
              'id': 'inference-saved',
              'message': 'Inference tensors cannot be saved for backward.'},
             {'historical': False,
              'id': 'requires-grad-non-leaf',
              'message': 'you can only change requires_grad flags of leaf variables.'},
             {'historical': False,
              'id': 'hook-no-grad',
              'message': "cannot register a hook on a tensor that doesn't require gradient"},
             {'historical': False, 'id': 'reinforce-removed', 'message': 'reinforce() was removed.'},
             {'historical': False,
              'id': 'detach-view',
              'message': "Can't detach views in-place. Use detach() instead."},
             {'historical': False,
              'id': 'ddp-ready-twice',
              'message': 'Expected to mark a variable ready only once.'},
             {'historical': False,
              'id': 'dtensor-is-any-true',
              'message': 'Operator aten._is_any_true.default does not have a sharding strategy registered.'},
             {'historical': False,
              'id': 'ddp-unused',
              'message': 'Expected to have finished reduction in the prior iteration before starting a new '
                         'one.',
              'tail': 'This error indicates that your module has parameters that were not used in producing '
                      'loss. You can enable unused parameter detection by passing the keyword argument '
                      '`find_unused_parameters=True` to `torch.nn.parallel.DistributedDataParallel`, and by '
                      'making sure all `forward` function outputs participate in calculating loss. If you '
                      "already have done the above, then the distributed data parallel module wasn't able to "
                      "locate the output tensors in the return value of your module's `forward` function. "
                      'Please include the loss function and the structure of the return value of `forward` '
                      'of your module when reporting this issue (e.g. list, dict, iterable). Parameters '
                      'which did not receive grad for rank 0: head2.bias, head2.weight'},
             {'historical': False,
              'id': 'ddp-not-needed',
              'message': "is not needed when a module doesn't have any parameter that requires a gradient."},
             {'historical': False,
              'id': 'ddp-undefined-grad-allreduced',
              'message': 'Encountered gradient which is undefined, but still allreduced by DDP reducer.'},
             {'historical': False,
              'id': 'compile-double-backward',
              'message': 'torch.compile with aot_autograd does not currently support double backward'},
             {'historical': False,
              'id': 'compiled-autograd-higher-order',
              'message': 'torch.compile does not currently support higher order gradients.'},
             {'historical': False,
              'id': 'donated-buffers-retain',
              'message': 'This backward function was compiled with non-empty donated buffers which requires '
                         'create_graph=False and retain_graph=False.'},
             {'historical': False, 'id': 'compile-context-reentered', 'message': 'cannot enter context:'},
             {'historical': False,
              'id': 'leaf-inplace',
              'message': 'a leaf Variable that requires grad is being used in an in-place operation.'},
             {'historical': False,
              'id': 'leaf-view-inplace',
              'message': 'a view of a leaf Variable that requires grad is being used in an in-place '
                         'operation.'},
             {'historical': False,
              'id': 'leaf-moved-into-graph',
              'message': 'leaf variable has been moved into the graph interior'},
             {'historical': True,
              'id': 'leaf-inplace-at-backward',
              'message': 'leaf variable was used in an inplace operation'},
             {'historical': False,
              'id': 'out-arg-requires-grad',
              'message': "functions with out=... arguments don't support automatic differentiation, but one "
                         'of the arguments requires grad.'},
             {'historical': False,
              'id': 'multi-output-view-inplace',
              'message': 'Output 1 of Split is a view and is being modified inplace. This view is the output '
                         'of a function that returns multiple views. Such functions do not allow the output '
                         'views to be modified inplace. You should replace the inplace operation by an '
                         'out-of-place one.',
              'varies': [{'as': 'of Split is a view',
                          'pattern': '\\bof (SplitWithSizes|Unbind) is a view\\b'}]},
             {'historical': False,
              'id': 'no-grad-view-inplace',
              'message': 'A view was created in no_grad mode and is being modified inplace with grad mode '
                         'enabled.'},
             {'historical': False,
              'id': 'volatile-removed',
              'message': 'volatile was removed and now has no effect. Use `with torch.no_grad():` instead.'},
             {'historical': False,
              'id': 'volatile-read',
              'message': 'volatile was removed (Variable.volatile is always False)'},
             {'historical': False,
              'id': 'create-graph-cycle',
              'message': 'Using backward() with create_graph=True will create a reference cycle between the '
                         'parameter and its gradient which can cause a memory leak. We recommend using '
                         'autograd.grad when creating the graph to avoid this.'},
             {'historical': False,
              'id': 'non-leaf-grad',
              'message': 'The .grad attribute of a Tensor that is not a leaf Tensor is being accessed. Its '
                         ".grad attribute won't be populated during autograd.backward().",
              'tail': 'If you indeed want the .grad field to be populated for a non-leaf Tensor, use '
                      '.retain_grad() on the non-leaf Tensor. If you access the non-leaf Tensor by mistake, '
                      'make sure you access the leaf Tensor instead.'},
             {'historical': False,
              'id': 'cpu-out-of-memory',
              'message': "DefaultCPUAllocator: can't allocate memory: you tried to allocate"},
             {'historical': False, 'id': 'anomaly-nan', 'message': 'returned nan values in its'},
             {'historical': False,
              'id': 'anomaly-no-forward-info',
              'message': 'No forward pass information available. Enable detect anomaly during forward pass '
                         'for more information.'},
             {'historical': True,
              'id': 'saved-leaf-no-accumulator',
              'message': 'No grad accumulator for a saved leaf'},
             {'historical': False,
              'id': 'numpy-requires-grad',
              'message': "Can't call numpy() on Tensor that requires grad. Use tensor.detach().numpy() "
                         'instead.'},
             {'historical': False,
              'id': 'scalar-requires-grad',
              'message': 'Converting a tensor with requires_grad=True to a scalar may lead to unexpected '
                         'behavior.'},
             {'historical': False,
              'id': 'saved-variables-deprecated',
              'message': "'saved_variables' is deprecated; use 'saved_tensors'"},
             {'historical': False,
              'id': 'non-full-backward-hook',
              'message': 'Using a non-full backward hook when the forward contains multiple autograd Nodes '
                         'is deprecated and will be removed in future versions.'},
             {'historical': False,
              'id': 'full-backward-hook-no-input-grad',
              'message': 'Full backward hook is firing when gradients are computed with respect to module '
                         'outputs since no inputs require gradients.'},
             {'historical': False,
              'id': 'mixed-backward-hooks',
              'message': 'Cannot use both regular backward hooks and full backward hooks on a single Module. '
                         'Please use only one of them.'},
             {'historical': False,
              'id': 'backward-hook-inplace',
              'message': 'Output 0 of BackwardHookFunction is a view and is being modified inplace.'},
             {'historical': False,
              'id': 'scriptmodule-not-supported',
              'message': 'register_full_backward_hook is not supported on ScriptModules',
              'varies': [{'as': 'register_full_backward_hook is not supported on ScriptModules',
                          'pattern': '\\b\\w+ is not supported on ScriptModules'}]},
             {'historical': False,
              'id': 'cuda-out-of-memory',
              'message': 'CUDA out of memory. Tried to allocate',
              'varies': [{'as': '$1',
                          'pattern': '(CUDA out of memory\\. Tried to allocate [\\d.]+ '
                                     '?[KMGTP]?i?B)\\.[\\s\\S]*$'}]},
             {'historical': False,
              'id': 'checkpoint-no-input-requires-grad',
              'message': 'None of the inputs have requires_grad=True. Gradients will be None'},
             {'historical': False,
              'id': 'clip-nonfinite',
              'message': 'for gradients from `parameters` is non-finite, so it cannot be clipped. To disable '
                         'this error and scale the gradients by the non-finite norm anyway, set '
                         '`error_if_nonfinite=False`'},
             {'historical': False,
              'id': 'function-legacy-non-static',
              'message': 'Legacy autograd function with non-static forward method is deprecated'},
             {'historical': False,
              'id': 'function-backward-not-implemented',
              'message': 'You must implement either the backward or vjp method for your custom '
                         'autograd.Function to use it with backward mode AD.'},
             {'historical': True,
              'id': 'function-backward-not-implemented-old',
              'message': 'You must implement the backward function for custom autograd.Function.'},
             {'historical': True,
              'id': 'function-forward-output-none',
              'message': 'expected Tensor or tuple of Tensor (got NoneType) for return value'},
             {'historical': False,
              'id': 'derivative-not-implemented',
              'message': 'derivative for aten::multi_margin_loss_backward is not implemented',
              'varies': [{'as': 'derivative for $1',
                          'pattern': "\\bderivative for (aten::)?('[^']*'|[\\w.]+)"}]},
             {'historical': False,
              'id': 'derivative-not-implemented-formula',
              'message': "the derivative for '_cdist_backward' is not implemented.",
              'varies': [{'as': 'derivative for $1',
                          'pattern': "\\bderivative for (aten::)?('[^']*'|[\\w.]+)"}]},
             {'historical': False,
              'id': 'sparse-reshape-not-implemented',
              'message': 'reshape is not implemented for sparse tensors'},
             {'historical': False,
              'id': 'forward-ad-not-implemented',
              'message': 'Trying to use forward AD with grid_sampler_2d that does not support it because it '
                         'has not been implemented yet.',
              'varies': [{'as': 'forward AD with grid_sampler_2d that',
                          'pattern': '\\bforward AD with [\\w.:]+ that'}]},
             {'historical': False,
              'id': 'grad-output-shape',
              'message': 'Mismatch in shape: grad_output[0] has a shape of torch.Size([1]) and output[0] has '
                         'a shape of torch.Size([]).'},
             {'historical': True,
              'id': 'grad-output-shape-invalid-gradient',
              'message': 'invalid gradient at index 0 - expected shape'},
             {'historical': False,
              'id': 'multi-output-view-base-modified',
              'message': 'is a view and its base or another view of its base has been modified inplace. This '
                         'view is the output of a function that returns multiple views.'},
             {'historical': True,
              'id': 'scatter-not-twice-differentiable',
              'message': 'Scatter is not differentiable twice',
              'varies': [{'as': 'Function$1', 'pattern': '\\b\\w+( is not differentiable twice)'}]},
             {'historical': False,
              'id': 'complex-backward',
              'message': 'grad can be implicitly created only for real scalar outputs'},
             {'historical': False,
              'id': 'functorch-requires-grad',
              'message': 'You are attempting to call Tensor.requires_grad_() (or perhaps using '
                         'torch.autograd.functional.* APIs) inside of a function being transformed by a '
                         'functorch transform. This is unsupported, please attempt to use the functorch '
                         'transforms (e.g. grad, vjp, jacrev, jacfwd, hessian) or call requires_grad_() '
                         'outside of a function being transformed instead.'},
             {'historical': False,
              'id': 'functorch-backward',
              'message': 'backward() called inside a functorch transform. This is not supported, please use '
                         'functorch.grad or functorch.vjp instead or call backward() outside of functorch '
                         'transforms.'},
             {'historical': False,
              'id': 'vmap-item',
              'message': "vmap: It looks like you're calling .item() on a Tensor. We don't support vmap over "
                         "calling .item() on a Tensor, please try to rewrite what you're doing with other "
                         'operations. If error is occurring somewhere inside PyTorch internals, please file '
                         'a bug report.'},
             {'historical': True,
              'id': 'vmap-item-functorch',
              'message': 'Batching rule not implemented for aten::item. We could not generate a fallback.'},
             {'historical': True,
              'id': 'functorch-new-args',
              'message': 'new_args should be of size 1, was of size'},
             {'historical': False,
              'id': 'vmap-dynamic-shape',
              'message': 'vmap: We do not support batching operators that can support dynamic shape. '
                         'Attempting to batch over indexing with a boolean mask.'},
             {'historical': False,
              'id': 'vmap-control-flow',
              'message': "vmap: It looks like you're attempting to use a Tensor in some data-dependent "
                         "control flow. We don't support that yet"},
             {'historical': False,
              'id': 'vmap-item-or-control-flow',
              'message': "vmap: It looks like you're either (1) calling .item() on a Tensor or (2) "
                         'attempting to use a Tensor in some data-dependent control flow or (3) encountering '
                         'this error in PyTorch internals.'},
             {'historical': False,
              'id': 'functorch-captured-mutation',
              'message': 'During a grad (vjp, jvp, grad, etc) transform, the function provided attempted to '
                         'call in-place operation (aten::add_.Tensor) that would mutate a captured Tensor. '
                         'This is not supported; please rewrite the function being transformed to explicitly '
                         'accept the mutated Tensor(s) as inputs.',
              'varies': [{'as': 'in-place operation (aten::add_.Tensor)',
                          'pattern': '\\bin-place operation \\(aten::\\w+(\\.\\w+)?\\)'}]},
             {'historical': False,
              'id': 'batchnorm-running-stats-grad',
              'message': "The function 'native_batch_norm' is not differentiable with respect to argument "
                         "'running_mean'. This input cannot have requires_grad True."},
             {'historical': False,
              'id': 'overlap-written-to',
              'message': 'unsupported operation: more than one element of the written-to tensor refers to a '
                         'single memory location. Please clone() the tensor before performing the '
                         'operation.'},
             {'historical': False,
              'id': 'overlap-input-written-to',
              'message': 'unsupported operation: some elements of the input tensor and the written-to tensor '
                         'refer to a single memory location. Please clone() the tensor before performing the '
                         'operation.'},
             {'historical': True,
              'id': 'isfloating-grads',
              'message': 'Expected isFloatingType(grads[i].scalar_type()) to be true, but got false.'},
             {'historical': True,
              'id': 'isfloating-grads-type',
              'message': 'Expected isFloatingType(grads[i].type().scalarType()) to be true, but got false.'},
             {'historical': False,
              'id': 'number-has-no-backward',
              'message': "'int' object has no attribute"},
             {'historical': False,
              'id': 'vmap-inplace-extra-args',
              'message': 'vmap: inplace arithmetic(self, *extra_args) is not possible because there exists a '
                         'Tensor `other` in extra_args that has more elements than `self`'},
             {'historical': False,
              'id': 'batchnorm-input-dim',
              'message': 'expected 4D input (got 3D input)'},
             {'historical': False,
              'id': 'func-grad-output',
              'message': 'Expected f(*args) to return a Tensor, got'},
             {'historical': False,
              'id': 'ddp-grad-strides',
              'message': 'Grad strides do not match bucket view strides. This may indicate grad was not '
                         "created according to the gradient layout contract, or that the param's strides "
                         'changed since DDP was constructed.'},
             {'historical': False,
              'id': 'checkpoint-recomputed-metadata',
              'message': 'torch.utils.checkpoint: Recomputed values for the following tensors have different '
                         'metadata than during the forward pass.',
              'tail': "tensor at position 4: saved metadata: {'shape': torch.Size([4, 3]), 'dtype': "
                      "torch.float32, 'device': device(type='cpu')} recomputed metadata: {'shape': "
                      "torch.Size([4, 6]), 'dtype': torch.float32, 'device': device(type='cpu')}",
              'varies': [{'as': '',
                          'pattern': "'(shape|dtype|device)': *(torch\\.\\w+|device\\([^)]*\\)?)?"}]},
             {'historical': False,
              'id': 'grad-input-no-requires-grad',
              'message': 'One of the differentiated Tensors does not require grad'},
             {'historical': False,
              'id': 'function-jvp-missing',
              'message': 'You must implement the jvp function for custom autograd.Function to use it with '
                         'forward mode AD.'},
             {'historical': False,
              'id': 'amp-unscale-fp16',
              'message': 'Attempting to unscale FP16 gradients.'},
             {'historical': False,
              'id': 'amp-unscale-twice',
              'message': 'unscale_() has already been called on this optimizer since the last update().'},
             {'historical': False,
              'id': 'mixed-dtype-scalar-type',
              'message': 'expected scalar type Half but found Float',
              'varies': [{'as': 'expected scalar type Half but found Float',
                          'pattern': '\\bexpected scalar type (?:Half|Float|BFloat16|Double) but found '
                                     '(?:Half|Float|BFloat16|Double)\\b'}]},
             {'historical': False,
              'id': 'mixed-dtype-mat1-mat2',
              'message': 'mat1 and mat2 must have the same dtype, but got Half and Float',
              'varies': [{'as': 'mat1 and mat2 must have the same dtype, but got Half and Float',
                          'pattern': '\\bmat1 and mat2 must have the same dtype, but got \\w+ and \\w+'}]},
             {'historical': False,
              'id': 'lr-scheduler-before-step',
              'message': 'Detected call of `lr_scheduler.step()` before `optimizer.step()`'},
             {'historical': False,
              'id': 'amp-no-inf-checks',
              'message': 'No inf checks were recorded for this optimizer.'},
             {'historical': False,
              'id': 'amp-scale-none',
              'message': 'but _scale is None.  This may indicate your script did not use scaler.scale(loss '
                         'or outputs) earlier in the iteration.'},
             {'historical': False,
              'id': 'amp-step-twice',
              'message': 'step() has already been called since the last update().'},
             {'historical': False,
              'id': 'optimizer-empty-params',
              'message': 'optimizer got an empty parameter list'},
             {'historical': False,
              'id': 'checkpoint-recomputed-count',
              'message': 'torch.utils.checkpoint: A different number of tensors was saved during the '
                         'original forward and recomputation.'},
             {'historical': False,
              'id': 'ddp-find-unused-no-unused',
              'message': 'find_unused_parameters=True was specified in DDP constructor, but did not find any '
                         'unused parameters in the forward pass.'},
             {'historical': True,
              'id': 'checkpoint-reentrant-grad-old',
              'message': 'Checkpointing is not compatible with .grad() or when an `inputs` parameter is '
                         'passed to .backward(). Please use .backward() and do not pass its `inputs` '
                         'argument.'},
             {'historical': True,
              'id': 'compile-mirrored-meta',
              'message': 'Cannot backprop through mirrored meta, file a bug in PyTorch'},
             {'historical': False,
              'id': 'assign-parameter',
              'message': "cannot assign 'torch.FloatTensor' as parameter 'weight' (torch.nn.Parameter or "
                         'None expected)',
              'varies': [{'as': "cannot assign 'torch.FloatTensor' as parameter",
                          'pattern': "cannot assign '[\\w.]+' as parameter\\b"},
                         {'as': "as parameter 'weight'", 'pattern': "\\bas parameter '\\w+'"}]},
             {'historical': False,
              'id': 'register-parameter-tensor',
              'message': "cannot assign 'torch.FloatTensor' object to parameter 'weight' (torch.nn.Parameter "
                         'or None required)',
              'varies': [{'as': "cannot assign 'torch.FloatTensor' object to parameter",
                          'pattern': "cannot assign '[\\w.]+' object to parameter\\b"},
                         {'as': "object to parameter 'weight'", 'pattern': "\\bobject to parameter '\\w+'"}]},
             {'historical': False,
              'id': 'tensors-same-device',
              'message': 'Expected all tensors to be on the same device, but found at least two devices'},
             {'historical': False,
              'id': 'compile-module-backward-hook',
              'message': 'Module-level backwards hooks require compiled autograd.'},
             {'historical': False,
              'id': 'cudnn-rnn-eval',
              'message': 'cudnn RNN backward can only be called in training mode'},
             {'historical': False,
              'id': 'retain-grad-no-grad',
              'message': "can't retain_grad on Tensor that has requires_grad=False"},
             {'historical': False,
              'id': 'loss-target-dtype',
              'message': 'Found dtype Long but expected Float',
              'varies': [{'as': 'Found dtype Long but expected Float',
                          'pattern': '\\bFound dtype \\w+ but expected \\w+'}]},
             {'historical': False,
              'id': 'deepcopy-non-leaf',
              'message': 'Only Tensors created explicitly by the user (graph leaves) support the deepcopy '
                         'protocol at the moment'},
             {'historical': False,
              'id': 'grad-none-zero',
              'message': "'NoneType' object has no attribute 'zero_'",
              'varies': [{'as': "'NoneType' object has no attribute 'zero_'",
                          'pattern': "'NoneType' object has no attribute '(zero_|data)'"}]},
             {'historical': False,
              'id': 'resize-requires-grad',
              'message': 'cannot resize variables that require grad'},
             {'historical': True,
              'id': 'function-returns-view-no-grad',
              'message': 'Returning Variables sharing storage with other Variables that require grad is not '
                         'supported in Python functions.'},
             {'historical': False,
              'id': 'function-view-inplace',
              'message': 'This view was created inside a custom Function (or because an input was returned '
                         'as-is)'},
             {'historical': False,
              'id': 'save-for-backward-non-tensor',
              'message': 'save_for_backward can only save variables, but argument'},
             {'historical': False,
              'id': 'expected-proper-tensor-got-none',
              'message': 'Expected a proper Tensor but got None (or an undefined Tensor in C++) for '
                         'argument'},
             {'historical': False,
              'id': 'checkpoint-use-reentrant-explicit',
              'message': 'torch.utils.checkpoint: the use_reentrant parameter should be passed explicitly.'},
             {'historical': True,
              'id': 'checkpoint-use-reentrant-explicit-old',
              'message': 'torch.utils.checkpoint: please pass in use_reentrant=True or use_reentrant=False '
                         'explicitly.'},
             {'historical': False,
              'id': 'inference-requires-grad',
              'message': 'Setting requires_grad=True on inference tensor outside InferenceMode is not '
                         'allowed.'},
             {'historical': False,
              'id': 'loss-target-cast',
              'message': "result type Float can't be cast to the desired output type Long",
              'varies': [{'as': "result type Float can't be cast to the desired output type Long",
                          'pattern': "\\bresult type \\w+ can't be cast to the desired output type \\w+"}]},
             {'historical': False,
              'id': 'post-accumulate-hook-return',
              'message': 'Tensor post accumulate grad hooks should return None.'},
             {'historical': True,
              'id': 'deepspeed-eval-backward',
              'message': 'backward pass is invalid for module in evaluation mode'},
             {'historical': True,
              'id': 'lightning-multiple-optimizers',
              'message': 'Training with multiple optimizers is only supported with manual optimization.'}],
 'errors': {'en': [{'cases': [['rg-guide',
                               'Not sure which case is yours: the decision guide, from the line that fails '
                               'to the fix.'],
                              ['rg-error',
                               'How it happens: the first backward() freed the saved tensors that the second '
                               'one needs.'],
                              ['pit-target-outside-loop',
                               'A tensor computed once before the training loop, from inputs that require '
                               'grad, used in every iteration.'],
                              ['pit-hidden-state',
                               'An RNN or LSTM hidden state carried from one batch into the next without '
                               'detach().'],
                              ['rg-two-losses',
                               'Two losses over one shared network, each with its own backward().'],
                              ['rg-gan',
                               "A GAN step whose discriminator backward also ran through the generator's "
                               'graph.'],
                              ['rg-prefix', 'Two optimizers over a shared encoder: two heads, two losses.'],
                              ['rg-anomaly',
                               "Finding which tensor carries one iteration's graph into the next."],
                              ['pit-retain-graph',
                               'retain_graph=True added to make the error go away, and memory that grows '
                               'since.'],
                              ['int-freed',
                               'Reading a saved tensor after backward(), with no second backward: the '
                               'message comes from the saved value, not from the engine.'],
                              ['cg-retain',
                               'create_graph=True with an explicit retain_graph=False: the recorded gradient '
                               'still needs the saved tensors of the first graph, which that call freed.'],
                              ['rg-semantics',
                               'torch.autograd.grad called twice on the same output without '
                               'create_graph=True: retain_graph defaults to create_graph, so the first call '
                               'freed the saved tensors.'],
                              ['rg-loop',
                               'A state carried from one iteration of a training loop into the next, and '
                               'what retain_graph=True costs there: memory and backward work that grow with '
                               'every iteration.'],
                              ['cf-ctx-attribute',
                               'A custom Function: a tensor saved with save_for_backward is freed like any '
                               "node's, so a second backward raises this; one kept on ctx (ctx.e = e) is not "
                               'freed by backward but lives as long as the graph, so no error, and the '
                               'memory stays held.'],
                              ['tc-twice',
                               'A second backward through a region compiled with torch.compile: the compiled '
                               'node frees its saved tensors like any other, and the same fixes apply.'],
                              ['tc-gan-step',
                               "A GAN training step compiled whole with torch.compile: the discriminator's "
                               "backward on fake.detach() frees the compiled region's node that fake also "
                               "comes from, so the generator's backward fails; compile each model instead."],
                              ['rg-layerwise',
                               'Deep supervision: a loss on several blocks, one backward() per loss in turn; '
                               'a later loss runs back through blocks, frozen ones included, that the first '
                               'backward freed.'],
                              ['cf-backward-in-backward',
                               'A custom Function whose backward runs backward (or autograd.grad) through an '
                               'inner graph it kept from forward: that inner call frees the inner graph, so '
                               'a second outer backward fails even with retain_graph=True, which the inner '
                               'call cannot see; recompute the inner graph in backward, or pass '
                               'retain_graph=True to the inner call.'],
                              ['pit-module-state',
                               "A layer that keeps a state between calls (a spiking neuron's membrane "
                               'potential, a running memory): at the end of a batch the state still holds '
                               "that batch's graph, and the next batch's loss runs back into it; reset or "
                               'detach the state at the start of each batch.'],
                              ['mem-retain',
                               'With gradient checkpointing on: checkpointing is not the cause; a second '
                               'backward through a checkpointed block fails as without it, so fix the case '
                               'that makes the second pass, or pass retain_graph=True (each pass then '
                               'recomputes the blocks).'],
                              ['pit-rollout-graph',
                               'PPO or MAPPO with several epochs (mini_epochs > 1) over one rollout whose '
                               "log-probabilities, values or advantages still carry the rollout's graph."]],
                    'id': 'backward-twice',
                    'summary': 'A backward pass needed a saved tensor of a graph that an earlier backward() '
                               "had already freed, usually because a tensor carries one iteration's graph "
                               'into the next.'},
                   {'cases': [['rg-wordings', '']],
                    'id': 'backward-twice-saved-results',
                    'summary': 'The older wording of the same error: a second backward pass through a graph '
                               'whose saved tensors were already freed.'},
                   {'cases': [['rg-wordings', '']],
                    'id': 'backward-twice-dot-backward-or-grad',
                    'summary': 'The PyTorch 1.8 wording of the same error, the first to name autograd.grad() '
                               'as well as .backward().'},
                   {'cases': [['rg-wordings', '']],
                    'id': 'backward-twice-buffers',
                    'summary': 'The wording of the same error from PyTorch 0.2 to 1.5; the "buffers" are the '
                               'saved tensors that the first backward() freed.'},
                   {'cases': [['rg-wordings', '']],
                    'id': 'backward-twice-retain-variables',
                    'summary': 'The PyTorch 0.1 wording of the same error, from before retain_variables was '
                               'renamed retain_graph.'},
                   {'cases': [['pit-inplace-saved',
                               'An in-place operation (*=, +=, relu(inplace=True), x[0] = ...) changed a '
                               'tensor after an operation saved it for backward.'],
                              ['pit-inplace-decode',
                               'Reading the message: which tensor its shape, operation and version numbers '
                               'name, and how anomaly mode finds the line.'],
                              ['pit-step-between-backwards',
                               'optimizer.step() ran between two backward() calls through the same graph and '
                               'changed weights the graph had saved.'],
                              ['pit-step-two-models',
                               "Actor-critic (A2C, PPO, SAC, DDPG): the critic's optimizer stepped before "
                               "the actor's loss went back through the critic."],
                              ['rg-gan',
                               "GAN training: the discriminator's optimizer stepped before the generator "
                               'loss went back through D(fake) (code that ran before PyTorch 1.5).'],
                              ['rg-gan-detach',
                               'GAN: G stepped first, then D trained on the same fake batch without '
                               "detach(), so D's backward went back into G's changed weights (with AMP's "
                               'GradScaler as well).'],
                              ['rg-two-step',
                               'SAM or another two-step optimizer: the weights were moved to w + e in place, '
                               "then the first forward's graph was backpropagated again "
                               '(retain_graph=True).'],
                              ['cg-inplace',
                               'Double backward (create_graph=True, a gradient penalty, MAML): parameters '
                               'changed in place between recording a gradient and differentiating it.'],
                              ['var-data',
                               'A change made through .data goes unnoticed and the gradient is silently '
                               'wrong; the same change made through detach() raises this error.'],
                              ['var-version',
                               'How autograd notices: the version counter of each tensor, shared by its '
                               'views and by detach().'],
                              ['int-saved',
                               'Where the check lives: the version a saved tensor recorded, compared when '
                               'backward unpacks it.'],
                              ['var-saved-hooks',
                               "Under saved-tensor hooks autograd skips the check; the book's meters put it "
                               'back and add a sentence to the message.'],
                              ['pit-inplace-layers',
                               'nn.Dropout(inplace=True) or another in-place layer right after an activation '
                               'that saved its output (output 0 of ReluBackward0 or SigmoidBackward0): which '
                               'layers are safe in place, and the fix inplace=False.'],
                              ['pit-module-state',
                               "Spiking neurons (SpikingJelly's LIF, snnTorch) or another stateful layer "
                               'never reset between batches, in a loop that passes retain_graph=True: the '
                               "next backward reaches the previous batch's graph, whose saved weights "
                               'optimizer.step() has changed since; reset the state every batch.'],
                              ['mem-per-layer',
                               'nn.ReLU(inplace=True) right after a layer that saved its own output, such as '
                               'a sigmoid.'],
                              ['ddp-buffers-inplace',
                               'Only under DDP, with the model called twice before one backward: the buffer '
                               "broadcast before each forward (broadcast_buffers=True) changed BatchNorm's "
                               'running statistics in place; torch 2.13 keeps their version, older releases '
                               'need broadcast_buffers=False.'],
                              ['pit-embedding-max-norm',
                               'nn.Embedding(max_norm=...) rescales the rows it looks up in place, in the '
                               'weight itself; a term that used the weight before the lookup (a regulariser '
                               'on the table) saved it at its old version. Compute that term after the '
                               'lookup, or renormalise out of place.'],
                              ['tc-early-errors',
                               'Under torch.compile the same error comes out of the first call of the '
                               'compiled model, before any backward, wrapped in BackendCompilerFailed: the '
                               'compiler traces the backward while compiling the forward. Fix the in-place '
                               'operation as in eager mode.'],
                              ['pit-rollout-graph',
                               'PPO: a second epoch over one rollout with retain_graph=True, through '
                               'log-probabilities and values recorded before optimizer.step() changed the '
                               'weights.'],
                              ['pit-teacher',
                               'MoCo and memory banks: the queue of negative keys is overwritten in place '
                               '(enqueue) before backward, while q @ queue still needs it; use '
                               'queue.clone().detach().']],
                    'id': 'modified-by-inplace',
                    'summary': 'A tensor saved for backward was changed in place after it was saved (by an '
                               'operation such as *= or by optimizer.step()), so its version counter no '
                               'longer matches.'},
                   {'cases': [['pit-data-index',
                               'A loss read with loss.data[0], as in code written for PyTorch 0.3: use '
                               'loss.item().'],
                              ['var-history',
                               '0-dimensional tensors arrived in PyTorch 0.4; loss.data[0] warned then and '
                               'raises today.']],
                    'id': 'zero-dim-index',
                    'summary': 'A 0-dim tensor such as a loss was indexed (for example loss.data[0]); use '
                               'loss.item() to get the number.'},
                   {'cases': [['pit-data-index', '']],
                    'id': 'zero-dim-index-python-number',
                    'summary': 'The older wording of the same error: a 0-dim tensor was indexed; use '
                               '.item().'},
                   {'cases': [['pit-data-index', '']],
                    'id': 'zero-dim-index-warning',
                    'summary': 'The PyTorch 0.4 warning that announced the error: loss.data[0] still worked '
                               'but should become loss.item().'},
                   {'cases': [['pit-non-scalar', ''],
                              ['pit-data-parallel-loss',
                               'Only with several GPUs: nn.DataParallel gathers the loss that forward '
                               'returns as one value per GPU; call loss.mean().backward().']],
                    'id': 'non-scalar-backward',
                    'summary': 'backward() was called without a gradient argument on a tensor with more than '
                               'one element; reduce it to a scalar or pass gradient=.'},
                   {'cases': [['pit-no-grad-fn',
                               'backward() on a loss with no graph behind it: requires_grad forgotten, the '
                               'loss computed under torch.no_grad(), detach(), .item(), .numpy() or a slice '
                               'written through .data on the way, or every parameter of the model frozen.'],
                              ['pit-loss-number',
                               'A loss that is a constant tensor, such as torch.tensor(0.0), for a batch '
                               "with no targets (a detector's image without boxes); giving it "
                               'requires_grad=True silences the error and trains nothing.'],
                              ['cf-backward-in-backward',
                               "torch.autograd.grad called inside a custom Function's backward to recompute "
                               'a block, where recording is off unless torch.enable_grad() turns it on.'],
                              ['cf-once',
                               'A first derivative taken through a custom Function whose backward is marked '
                               '@once_differentiable, from a loss such as .sum() (its incoming gradient is a '
                               'constant): that derivative has no graph, so differentiating it again fails.'],
                              ['cg-per-sample',
                               'torch.autograd.grad called inside torch.func.vmap to get per-sample '
                               'gradients: inside vmap the loss of one sample has no grad_fn; use vmap over '
                               'torch.func.grad, with functional_call.'],
                              ['grad-nondiff',
                               'A loss built from argmax, a comparison such as pred > 0.5, or an integer '
                               'cast (an accuracy used as a loss): these operations are not recorded; use a '
                               'differentiable loss, a straight-through estimator or a soft version.'],
                              ['cg-what',
                               'Differentiating a gradient again when the first torch.autograd.grad ran '
                               'without create_graph=True: that gradient is a constant, with no grad_fn.'],
                              ['cg-no-grad',
                               'A loss computed inside torch.no_grad(), as in an evaluation loop, even with '
                               'create_graph=True: create_graph records the backward pass, but the forward '
                               'pass left no graph.'],
                              ['mem-ckpt-reentrant',
                               'LoRA or adapters with a frozen embedding and gradient checkpointing '
                               '(use_reentrant=True): every trainable weight sits inside a checkpointed '
                               'block whose input does not require grad, so the loss has no graph; use '
                               "use_reentrant=False, or make the block's input require grad "
                               '(enable_input_require_grads()).'],
                              ['cg-hvp',
                               'A Hessian-vector product whose first gradient was taken without '
                               'create_graph=True: that gradient has no graph, so differentiating it again '
                               'fails; pass create_graph=True to the first torch.autograd.grad.'],
                              ['cg-unused',
                               'A second derivative of a function whose first derivative is a constant (f = '
                               '2x): the first derivative has no grad_fn, so every higher derivative is '
                               'zero; test requires_grad first, or use torch.func.grad.'],
                              ['pit-validation-backward',
                               'backward() or autograd.grad inside a PyTorch Lightning validation_step or '
                               'test_step, which run under torch.inference_mode(): use '
                               'Trainer(inference_mode=False) and torch.enable_grad().'],
                              ['dbg-closure-no-grad',
                               'A PyTorch Lightning step with an optimizer whose step() runs under '
                               'torch.no_grad() and calls the closure without torch.enable_grad() (Hugging '
                               "Face's AdamW): training_step runs with recording off; call "
                               'torch.set_grad_enabled(True) in training_step, or use torch.optim.AdamW.'],
                              ['var-library-no-grad', '']],
                    'id': 'no-grad-fn',
                    'summary': 'backward() was called on a tensor with no graph behind it: nothing that '
                               'requires grad went into it (forgotten requires_grad, torch.no_grad(), or a '
                               'detach on the way).'},
                   {'cases': [['pit-no-grad-fn', ''],
                              ['cg-hvp',
                               'A Hessian-vector product in the PyTorch 0.3 wording: the first gradient was '
                               'taken without create_graph=True, so it has no graph; pass create_graph=True '
                               'to the first torch.autograd.grad.'],
                              ['mem-ckpt-reentrant',
                               'Gradient checkpointing (use_reentrant=True) with LoRA or adapters and a '
                               'frozen embedding, a cause still reported with this wording: every trainable '
                               'weight sits inside a checkpointed block whose input does not require grad, '
                               "so the loss has no graph; use use_reentrant=False, or make the block's input "
                               'require grad (enable_input_require_grads()).']],
                    'id': 'no-grad-fn-variables',
                    'summary': 'The PyTorch 0.3 wording of the same error, from the time of the Variable '
                               'class.'},
                   {'cases': [['var-grad-modes', ''], ['var-old-class', '']],
                    'id': 'variables-tuple-volatile',
                    'summary': 'PyTorch 0.3 and earlier: backward() was called on a result computed from a '
                               'Variable made with volatile=True, which recorded no graph and won over '
                               'requires_grad; on 2.13 volatile only warns and the same code raises "element '
                               '0 of tensors does not require grad".'},
                   {'cases': [['var-grad-modes', ''], ['var-old-class', '']],
                    'id': 'volatile-leaf-only',
                    'summary': 'PyTorch 0.3 and earlier: .volatile was set on a Variable computed by an '
                               'operation (one with a grad_fn, such as the gradient a hook received); on '
                               '2.13 the line only warns: drop it, and make a new leaf with '
                               'detach().requires_grad_() where one is needed.'},
                   {'cases': [['pit-no-grad-fn', ''],
                              ['var-module-tensors',
                               'While a quantized (int4/int8) model loads: an integer weight wrapped in '
                               'nn.Parameter, whose requires_grad defaults to True; wrap it with '
                               'requires_grad=False or register it as a buffer.']],
                    'id': 'integer-requires-grad',
                    'summary': 'A tensor of integers was created with requires_grad=True (the message starts '
                               'with "Only"), or given requires_grad = True afterwards (it starts with '
                               '"only"); gradients exist only for floating-point and complex tensors.'},
                   {'cases': [['pit-no-grad-fn', ''],
                              ['grad-func-errors',
                               "From torch.func.vjp given a model's buffers as a primal: vjp makes every "
                               "primal require grad, and BatchNorm's num_batches_tracked is an integer; "
                               'differentiate the parameters only.']],
                    'id': 'integer-requires-grad-method',
                    'summary': 'requires_grad_() was called on a tensor of integers; make it a '
                               'floating-point tensor first.'},
                   {'cases': [['pit-leaf-device', '']],
                    'id': 'optimize-non-leaf',
                    'summary': 'An optimizer was given a non-leaf tensor, often one made by .to(device) or '
                               '.to(dtype) after requires_grad=True; create it on the device or use '
                               'nn.Parameter.'},
                   {'cases': [['rg-wordings', '']],
                    'id': 'backward-twice-saved-variables',
                    'summary': 'The PyTorch 1.9-era wording of the same error, from before "variables" '
                               'became "tensors" in the message.'},
                   {'cases': [['cg-unused',
                               'An input that the output really does not depend on: allow_unused=True gives '
                               'None, materialize_grads=True zeros.'],
                              ['ddp-dataparallel-grad',
                               'nn.DataParallel (or DDP with find_unused_parameters=True) returned a copy of '
                               'the latents: allow_unused=True would silently zero the penalty; compute it '
                               'inside forward.']],
                    'id': 'unused-input',
                    'summary': 'torch.autograd.grad was asked for the gradient of an input that the output '
                               'does not depend on; pass allow_unused=True (None) or materialize_grads=True '
                               '(zeros).'},
                   {'cases': [['cg-custom',
                               'Double backward through a custom Function whose backward is marked '
                               '@once_differentiable, beside one that works on detached tensors.'],
                              ['cf-once',
                               'Why a backward written with NumPy or a CUDA kernel is marked '
                               '@once_differentiable, and what a second differentiation through it does.']],
                    'id': 'once-differentiable',
                    'summary': 'A second-order gradient passed through a custom autograd Function whose '
                               'backward is marked @once_differentiable; write its backward with '
                               'differentiable torch operations.'},
                   {'cases': [['cf-what-to-save',
                               'From gradgradcheck: a custom Function whose backward uses a saved '
                               'intermediate, which autograd treats as a constant.'],
                              ['cf-gradcheck',
                               'From gradcheck on a correct backward: inputs in float32 instead of float64 '
                               '(after the warning that an input is not double precision), or a test point '
                               'exactly on a kink such as relu at 0.']],
                    'id': 'gradcheck-jacobian-mismatch',
                    'summary': 'torch.autograd.gradcheck or gradgradcheck found that the derivative autograd '
                               'computes differs from finite differences; from gradgradcheck, a custom '
                               'Function whose backward uses a saved intermediate (a constant for autograd) '
                               'is the usual cause.'},
                   {'cases': [['cf-func',
                               'A custom Function of your own whose forward takes ctx: move the saving of '
                               'tensors into setup_context.'],
                              ['var-hooks-vmap',
                               'A module with a full backward hook (register_full_backward_hook) under vmap '
                               "or grad: the hook's own Function has no setup_context; take the intermediate "
                               'gradient with grad instead of a hook.']],
                    'id': 'func-setup-context',
                    'summary': 'A custom autograd Function whose forward takes ctx was used under a '
                               'torch.func transform (vmap, grad, jacrev...); write forward without ctx and '
                               'save tensors in a setup_context staticmethod.'},
                   {'cases': [['var-hooks-vmap', '']],
                    'id': 'vmap-escaped-tensor',
                    'summary': 'A tensor made inside a function under torch.func.vmap was kept outside it (a '
                               'hook that appends to a list, a global, an attribute set in forward) and read '
                               'after vmap returned; return it from the function instead, and for a gradient '
                               'take grad with respect to a zero probe added to the tensor.'},
                   {'cases': [['cf-func', '']],
                    'id': 'func-vmap-support',
                    'summary': 'torch.func.vmap was applied to a custom autograd Function that has no '
                               'batching rule; set generate_vmap_rule = True on the class or write a vmap '
                               'staticmethod.'},
                   {'cases': [['cf-func', '']],
                    'id': 'functorch-autograd-function',
                    'summary': 'The wording of torch 1.13 and earlier: a function under vmap, grad or jacrev '
                               'calls a custom autograd.Function, often inside a library (an ODE solver such '
                               "as torchdiffeq's odeint). Since torch 2.0 a Function runs under the "
                               'transforms once it has setup_context and a vmap rule; until the library adds '
                               'them, do without vmap: pass the whole batch to the library, or loop over the '
                               'samples with ordinary autograd.'},
                   {'cases': [['grad-func-errors', ''], ['cg-hvp', ''], ['mem-ckpt-per-sample', '']],
                    'id': 'func-saved-tensor-hooks',
                    'summary': 'A reverse-mode torch.func transform (grad, vjp, jacrev, hessian) met a '
                               'saved-tensor hook, most often the one '
                               'torch.utils.checkpoint(use_reentrant=False) installs inside the function. '
                               'Keep the checkpoint and take the derivative with jacfwd, '
                               'torch.autograd.functional.jacobian, or torch.autograd.grad with '
                               'is_grads_batched=True.'},
                   {'cases': [['cf-mark-dirty', '']],
                    'id': 'leaf-inplace-mark-dirty',
                    'summary': 'A custom autograd Function marked a leaf tensor that requires grad as '
                               'modified in place (ctx.mark_dirty); apply it to a non-leaf (a clone) or '
                               'under torch.no_grad(). Older releases printed this wording for any in-place '
                               'operation on such a leaf.'},
                   {'cases': [['cf-materialize', '']],
                    'id': 'materialize-grads-none',
                    'summary': 'In a custom autograd Function that called ctx.set_materialize_grads(False), '
                               'backward received None for the gradient of an unused output and multiplied '
                               'it; check for None before using each gradient.'},
                   {'cases': [['cf-backward-in-backward', ''], ['mem-ckpt-grad', '']],
                    'id': 'checkpoint-reentrant-grad',
                    'summary': 'torch.utils.checkpoint with use_reentrant=True was differentiated with '
                               'torch.autograd.grad or backward(inputs=...): its backward runs an inner '
                               'backward() that cannot honour them; pass use_reentrant=False, or call '
                               'backward() without inputs.'},
                   {'cases': [['mem-ckpt-reentrant', '']],
                    'id': 'checkpoint-none-output',
                    'summary': 'A torch.utils.checkpoint block with use_reentrant=True got an input that '
                               'requires grad, but when backward recomputed it none of its outputs required '
                               'grad: the block detaches or ignores that input and its weights are frozen; '
                               'call the block without checkpoint, or pass use_reentrant=False.'},
                   {'cases': [['dbg-module-hooks', '']],
                    'id': 'module-hook-output-not-tensor',
                    'summary': 'A UserWarning: a module with a full backward hook returned something other '
                               "than a Tensor or a tuple of Tensors (a library's own object such as a "
                               'SparseTensor, a dict, a dataclass), so PyTorch skips the hook; register a '
                               'forward hook that calls register_hook on the tensor inside the output, and '
                               'returns None.'},
                   {'cases': [['cf-ctx-attribute', ''], ['cf-errors', '']],
                    'id': 'function-ctx-attribute-missing',
                    'summary': "A custom autograd Function's backward read an attribute of ctx that is not "
                               'there: usually a backward that deleted what it kept on ctx (del ctx.x), run '
                               'a second time with retain_graph=True; save tensors with '
                               'ctx.save_for_backward and let the engine free them.'},
                   {'cases': [['cf-errors',
                               'A custom autograd Function whose backward returns fewer or more values than '
                               'its forward takes inputs.'],
                              ['tc-custom-backend',
                               'CompiledFunctionBackward under a custom torch.compile backend whose compiled '
                               "backward drops the None outputs of AOTAutograd's backward graph."]],
                    'id': 'function-gradient-count',
                    'summary': "A custom autograd Function's backward returned fewer (or more) values than "
                               'forward takes arguments after ctx; return one per argument, None for a '
                               'non-tensor or for an input that needs no gradient. Extra values are dropped '
                               'only when they are all None.'},
                   {'cases': [['cf-errors', ''],
                              ['tc-custom-backend',
                               'The node is CompiledFunctionBackward and the model runs eagerly: a bug of '
                               'the compiler under torch.compile; find the failing backend (eager, '
                               'aot_eager, inductor), work around it and report it.'],
                              ['ddp-sharded-grad', '']],
                    'id': 'function-gradient-shape',
                    'summary': "A custom autograd Function's backward returned a gradient whose shape is not "
                               'that of its input (the index counts the arguments of forward after ctx); '
                               "give each gradient its input's shape, for example by expanding or summing "
                               'it.'},
                   {'cases': [['cf-errors', '']],
                    'id': 'function-dirty-not-returned',
                    'summary': 'A custom autograd Function passed an input to ctx.mark_dirty but did not '
                               'return that tensor itself (a copy or a new tensor came back); return the '
                               'modified input. The input has already been changed when the error is '
                               'raised.'},
                   {'cases': [['var-grad-modes', '']],
                    'id': 'inference-inplace',
                    'summary': 'A tensor created under torch.inference_mode() was changed in place outside '
                               'it; clone it first, or use torch.no_grad() instead.'},
                   {'cases': [['var-grad-modes', ''], ['dbg-inference-tensors', '']],
                    'id': 'inference-saved',
                    'summary': 'An operation recorded by autograd had to save a tensor created under '
                               'torch.inference_mode() for its backward pass (an addition, which saves '
                               'nothing, would have worked); clone it outside inference mode, or create it '
                               'under torch.no_grad().'},
                   {'cases': [['var-requires-grad', '']],
                    'id': 'requires-grad-non-leaf',
                    'summary': 'requires_grad was set on a tensor computed by autograd; use .detach() to get '
                               'a tensor without the graph.'},
                   {'cases': [['var-register-hook', ''],
                              ['dbg-module-hooks',
                               'Grad-CAM run under torch.no_grad(): the output of the hooked layer does not '
                               'require grad.']],
                    'id': 'hook-no-grad',
                    'summary': 'register_hook was called on a tensor that does not require grad, so no '
                               'gradient will ever flow through it.'},
                   {'cases': [['var-reinforce', '']],
                    'id': 'reinforce-removed',
                    'summary': 'Old PyTorch 0.2 policy-gradient code; write the loss with '
                               'torch.distributions and log_prob instead.'},
                   {'cases': [['var-detach', '']],
                    'id': 'detach-view',
                    'summary': 'detach_() was called on a view of another tensor; use detach(), which '
                               'returns a new tensor.'},
                   {'cases': [['ddp-ready-twice', '']],
                    'id': 'ddp-ready-twice',
                    'summary': "Under DistributedDataParallel, a parameter's gradient hook fired twice in "
                               'one iteration: typically a reentrant checkpoint with '
                               'find_unused_parameters=True, two backward passes per step, or a parameter '
                               'used outside forward; use one backward over the summed loss, '
                               'static_graph=True, or use_reentrant=False.'},
                   {'cases': [['ddp-anomaly-dtensor', '']],
                    'id': 'dtensor-is-any-true',
                    'summary': "Anomaly mode's NaN check (set_detect_anomaly(True), detect_anomaly()) on a "
                               'DTensor gradient, under tensor parallelism (torchtitan): DTensor has no rule '
                               "for the check's operator; use detect_anomaly(check_nan=False) and test each "
                               "rank's shard, p.grad.to_local(), for NaN yourself."},
                   {'cases': [['ddp-unused', '']],
                    'id': 'ddp-unused',
                    'summary': 'Under DistributedDataParallel, some parameters got no gradient in the '
                               'previous step (a head left out of the loss, a branch not taken, a head '
                               'frozen after DDP was built), so DDP never finished averaging; build DDP with '
                               'find_unused_parameters=True or static_graph=True, or freeze before wrapping; '
                               'TORCH_DISTRIBUTED_DEBUG=INFO names the parameters.'},
                   {'cases': [['ddp-unused', '']],
                    'id': 'ddp-not-needed',
                    'summary': 'A module none of whose parameters requires grad (a frozen network used only '
                               'for a loss, such as a VGG for a perceptual loss) was wrapped in '
                               'DistributedDataParallel; wrap only the model you train and call the frozen '
                               'one as it is on every rank.'},
                   {'cases': [['ddp-unused', '']],
                    'id': 'ddp-undefined-grad-allreduced',
                    'summary': 'Under DistributedDataParallel with find_unused_parameters=True, one forward '
                               'was followed by a backward per loss: the first backward already ended the '
                               'iteration, so the later ones were not averaged, and after zero_grad() the '
                               'next step raises this. It is not a bug in DDP: call backward() once, on the '
                               'summed loss.'},
                   {'cases': [['tc-double',
                               'A second derivative (create_graph=True) through a region compiled with '
                               'torch.compile.'],
                              ['tc-alternatives',
                               'What works instead for a gradient penalty or another second derivative.']],
                    'id': 'compile-double-backward',
                    'summary': 'A gradient taken with create_graph=True through a region compiled by '
                               'torch.compile (aot_eager or inductor) was differentiated again; the compiled '
                               'backward cannot be differentiated.'},
                   {'cases': [['tc-ca-double', '']],
                    'id': 'compiled-autograd-higher-order',
                    'summary': "Compiled autograd met a compiled region's backward while recording a "
                               'gradient with create_graph=True; keep the forward eager or write the penalty '
                               'with torch.func.'},
                   {'cases': [['tc-donated', '']],
                    'id': 'donated-buffers-retain',
                    'summary': "A compiled region's backward was compiled to reuse the memory of its saved "
                               'tensors (donated buffers), and a backward asked to keep them with '
                               'retain_graph=True or create_graph=True (for example a gradient penalty '
                               'through a compiled critic whose backward already ran once).'},
                   {'cases': [['tc-graph-break', '']],
                    'id': 'compile-context-reentered',
                    'summary': 'A bug of torch.compile in torch 2.13.0: a loss built from several compiled '
                               'regions, split by graph breaks, runs their compiled backwards inside one '
                               'shared contextvars context, and a second one cannot enter it while another '
                               'still runs. PyTorch has since fixed it (the section names the pull request); '
                               'until your release has the fix, remove the graph breaks that split the '
                               'loss.'},
                   {'cases': [['pit-leaf-inplace', ''], ['grad-input', ''], ['var-module-tensors', '']],
                    'id': 'leaf-inplace',
                    'summary': 'A tensor you created with requires_grad=True (or a parameter) was changed in '
                               'place with grad mode on, as in w -= lr * w.grad; make the update under '
                               'torch.no_grad(), not through .data.'},
                   {'cases': [['pit-leaf-inplace', '']],
                    'id': 'leaf-view-inplace',
                    'summary': 'A view of a leaf that requires grad (w[0], w.view(...)) was changed in place '
                               'with grad mode on, as in w[0] = 0; write it under torch.no_grad().'},
                   {'cases': [['pit-leaf-inplace',
                               'The in-place write on a leaf that requires grad, which current releases '
                               'refuse at its line, and its fix: torch.no_grad() or an out-of-place '
                               'operation.'],
                              ['int-leaf-moved',
                               "Where the message comes from (AccumulateGrad's check), why old releases "
                               'raised it only at backward(), and the path that still reaches it on torch '
                               '2.13: requires_grad switched off, then an in-place operation with a tensor '
                               'that requires grad.']],
                    'id': 'leaf-moved-into-graph',
                    'summary': 'At backward(), the AccumulateGrad node of a leaf found that the leaf has a '
                               'grad_fn now: something changed it in place with recording on after the graph '
                               'was made. Releases before 1.8 let an in-place write through a view of a leaf '
                               'that requires grad (w[0] = 0, a slice assignment) go through and failed '
                               'here; later ones refuse that write at its line. Change a leaf under '
                               'torch.no_grad(), or out of place when the change is part of the model.'},
                   {'cases': [['pit-leaf-inplace', '']],
                    'id': 'leaf-inplace-at-backward',
                    'summary': 'The 2017 wording of the same error: a leaf that requires grad (a parameter '
                               'filled with weight[:] = ..., an input passed to an inplace=True activation) '
                               'was changed in place, and those releases said so only at backward(); today '
                               'the in-place operation itself raises. Write into the leaf under '
                               'torch.no_grad(), or make the operation out of place.'},
                   {'cases': [['pit-leaf-out', '']],
                    'id': 'out-arg-requires-grad',
                    'summary': 'An operation was given out=, a tensor to write its result into, while grad '
                               'mode was on and one of its tensors requires grad; bind the result instead (y '
                               '= x + 1), or make the write under torch.no_grad().'},
                   {'cases': [['pit-view-inplace', '']],
                    'id': 'multi-output-view-inplace',
                    'summary': 'One of the views returned by split, chunk or unbind (named SplitBackward0, '
                               'Split or Unbind in the message, by release) was changed in place, as in '
                               'log_std.clamp_(...); use the out-of-place operation.'},
                   {'cases': [['pit-view-inplace', '']],
                    'id': 'no-grad-view-inplace',
                    'summary': 'A view taken inside torch.no_grad() was changed in place outside it; take '
                               'the view and make the change on the same side, or change a clone.'},
                   {'cases': [['var-today',
                               'PyTorch 0.3 code that passes volatile=True to Variable: what Variable and '
                               'volatile do today.'],
                              ['var-grad-modes',
                               'What replaces volatile=True: torch.no_grad(), torch.inference_mode() and '
                               'set_grad_enabled, and how they differ.']],
                    'id': 'volatile-removed',
                    'summary': 'A UserWarning: Variable(..., volatile=True) or .volatile = True from PyTorch '
                               '0.3 code does nothing since 0.4; run inference under torch.no_grad() or '
                               'torch.inference_mode().'},
                   {'cases': [['var-today',
                               'Old code that reads .volatile, which is always False: what Variable and its '
                               'flags are today.'],
                              ['var-grad-modes',
                               'The grad modes that replaced volatile: torch.no_grad(), '
                               'torch.inference_mode() and set_grad_enabled.']],
                    'id': 'volatile-read',
                    'summary': 'A UserWarning: old code read .volatile, which is always False since PyTorch '
                               '0.4; check torch.is_grad_enabled() or torch.is_inference_mode_enabled() '
                               'instead.'},
                   {'cases': [['cg-grad-vs-backward',
                               'backward(create_graph=True) stores recorded gradients in .grad: the warning, '
                               'and why torch.autograd.grad returns them instead.'],
                              ['cg-cycle',
                               'Why it leaks: p holds p.grad, p.grad holds its graph, the graph holds p; '
                               'setting .grad to None (optimizer.zero_grad()) breaks the cycle.'],
                              ['ddp-param-grad',
                               'Under DistributedDataParallel, backward(create_graph=True) warns this, and '
                               'then fails in the reducer: use torch.autograd.grad for a penalty on the '
                               'parameter gradients.']],
                    'id': 'create-graph-cycle',
                    'summary': 'A UserWarning: backward(create_graph=True) stores gradients that hold a '
                               'graph back to their own parameters, a cycle that keeps the graph alive; use '
                               'torch.autograd.grad(..., create_graph=True), or set each .grad to None after '
                               'use.'},
                   {'cases': [['pit-non-leaf-grad',
                               'Reading .grad of an intermediate tensor: call retain_grad() before '
                               "backward(), or read the leaf's .grad."],
                              ['pit-grad-none',
                               'Every reason .grad can be None after backward(), this warning among them.'],
                              ['pit-leaf-device',
                               'A tensor moved with .to() or .cuda() after requires_grad=True, which made '
                               'the moved copy a non-leaf.'],
                              ['var-retain-grad',
                               'Keeping the gradient of a non-leaf: retain_grad() stores it in .grad, and a '
                               'second backward adds to it.']],
                    'id': 'non-leaf-grad',
                    'summary': 'A UserWarning (older releases end it with "for more informations"): .grad of '
                               'an intermediate tensor was read, and it is None; call retain_grad() on it '
                               "before backward(), or read the leaf's .grad."},
                   {'cases': [['mem-oom',
                               'Out of memory in training or evaluation: reading the memory figures and '
                               'finding the cause.'],
                              ['mem-what-grows',
                               'What grows each iteration: the memory of a training loop that should stay '
                               "constant, and what keeps earlier iterations' graphs alive."],
                              ['mem-gc',
                               'A retry after an out-of-memory error that fails again: tracebacks freed only '
                               'by the garbage collector.'],
                              ['pit-running-loss',
                               "A running total of the loss kept as a tensor, which keeps every iteration's "
                               'graph alive.']],
                    'id': 'cpu-out-of-memory',
                    'summary': 'The CPU allocator could not get the memory for a tensor (on Windows the '
                               'message says "not enough memory"); the CUDA counterpart is '
                               'torch.OutOfMemoryError: CUDA out of memory. Find what grows from one '
                               'iteration to the next before lowering the batch size.'},
                   {'cases': [['dbg-anomaly-nan', ''],
                              ['pit-data-parallel-loss',
                               "In BroadcastBackward, under nn.DataParallel with GradScaler: the replicas' "
                               'infinite gradients, which the scaler expects and skips, added up to NaN.'],
                              ['var-anomaly', '']],
                    'id': 'anomaly-nan',
                    'summary': 'Anomaly mode found NaN in a gradient that a backward node returned. Output N '
                               "is the gradient for the operation's argument N, counted from 0 (the 1th "
                               'output of PowBackward1 is the gradient for the exponent). Usual causes: a '
                               'power of a negative base, sqrt, log or a division at 0, the torch.where '
                               'trap, or a NaN the forward pass already made (a softmax over a fully masked '
                               'row).'},
                   {'cases': [['dbg-anomaly-nan', '']],
                    'id': 'anomaly-no-forward-info',
                    'summary': 'Anomaly mode was on during backward() but off during the forward pass, so '
                               'the failing node has no forward traceback: each node records the Python '
                               'stack when it is created. Run the forward pass under anomaly mode too '
                               '(set_detect_anomaly(True) before the loop).'},
                   {'cases': [['int-accumulator', '']],
                    'id': 'saved-leaf-no-accumulator',
                    'summary': 'Older releases only: backward unpacked a saved leaf that requires grad, but '
                               "the leaf's AccumulateGrad node, kept through a weak pointer, was already "
                               'gone, because no edge of the graph held it (a node that saved a leaf that '
                               'was not one of its inputs). Askers got past it by setting requires_grad back '
                               'to False on a data batch after an R1 gradient penalty or by calling the '
                               'block without checkpoint; torch 2.13 does not raise it.'},
                   {'cases': [['dbg-numpy', '']],
                    'id': 'numpy-requires-grad',
                    'summary': 'numpy() on a tensor that is part of a graph (np.asarray, matplotlib and '
                               'scikit-learn call it for you); use tensor.detach().cpu().numpy(), or .item() '
                               'for one number.'},
                   {'cases': [['dbg-numpy', '']],
                    'id': 'scalar-requires-grad',
                    'summary': 'float() on a tensor that requires grad, such as a loss; loss.item() gives '
                               'the same number without the warning.'},
                   {'cases': [['tc-autograd-function', '']],
                    'id': 'saved-variables-deprecated',
                    'summary': 'A custom autograd.Function reads ctx.saved_variables, the 0.x name of '
                               'ctx.saved_tensors. Eager autograd still runs it, but torch.compile cannot '
                               'trace it (the Function falls back to eager, or fails under fullgraph=True): '
                               'read ctx.saved_tensors.'},
                   {'cases': [['dbg-module-hooks', '']],
                    'id': 'non-full-backward-hook',
                    'summary': 'register_backward_hook is deprecated: its hook sees the gradients of the '
                               "last operation in the module, not those of the module's inputs. Use "
                               'register_full_backward_hook.'},
                   {'cases': [['dbg-module-hooks', '']],
                    'id': 'full-backward-hook-no-input-grad',
                    'summary': "None of the module's inputs requires grad (an image that is data), so the "
                               'full backward hook runs with grad_input all None; for a gradient with '
                               'respect to the input, call requires_grad_() on it.'},
                   {'cases': [['dbg-module-hooks', '']],
                    'id': 'mixed-backward-hooks',
                    'summary': 'A module that has had a register_backward_hook hook refuses '
                               'register_full_backward_hook, even after handle.remove(); build the module '
                               'again.'},
                   {'cases': [['dbg-module-hooks', '']],
                    'id': 'backward-hook-inplace',
                    'summary': 'A module with a full backward hook is followed by an in-place operation, '
                               'such as nn.ReLU(inplace=True); use a forward hook with a tensor hook (the '
                               'Grad-CAM recipe), or an out-of-place ReLU.'},
                   {'cases': [['dbg-jit-hooks', '']],
                    'id': 'scriptmodule-not-supported',
                    'summary': 'A module hook was registered on a model compiled with torch.jit.script: a '
                               'ScriptModule has no backward hooks, and a backward hook put on the eager '
                               'module before scripting never fires either. Debug the eager module, or put '
                               'tensor hooks (register_hook) on the tensors that go in and out of the '
                               'scripted model.'},
                   {'cases': [['mem-oom',
                               'Out of memory in training or evaluation: reading the memory figures and '
                               'finding the cause.'],
                              ['mem-allocator',
                               'Allocated and reserved memory, and why empty_cache() does not help against '
                               "your own process's error."],
                              ['mem-what-grows',
                               'What grows each iteration: the memory of a training loop that should stay '
                               "constant, and what keeps earlier iterations' graphs alive."],
                              ['mem-gc',
                               'A retry after an out-of-memory error that fails again: tracebacks freed only '
                               'by the garbage collector.'],
                              ['mem-val-oom',
                               'Training fits but validation runs out of memory: larger inputs than '
                               "training's, no torch.no_grad(), outputs kept for a metric."],
                              ['mem-oom-batch-one',
                               "Out of memory even at batch size 1: the size of one input (a patch's side, a "
                               "sequence's length, a graph's edges) sets the activations at any batch size."],
                              ['mem-second-step',
                               "The first step fits, the second runs out of memory: the optimizer's state, "
                               'created at the first step().'],
                              ['pit-running-loss',
                               "A running total of the loss kept as a tensor, which keeps every iteration's "
                               'graph alive.']],
                    'id': 'cuda-out-of-memory',
                    'summary': 'A torch.OutOfMemoryError on a GPU: the caching allocator found no memory for '
                               'a tensor, even after returning its cached blocks to the driver. Find what '
                               'grows from one iteration to the next, or what holds a graph, before lowering '
                               'the batch size; a large "reserved but unallocated" figure in the message '
                               'means fragmentation.'},
                   {'cases': [['mem-ckpt-reentrant',
                               'The first block of a network checkpointed with use_reentrant=True on the '
                               'data: its parameters never get a gradient.']],
                    'id': 'checkpoint-no-input-requires-grad',
                    'summary': 'A UserWarning from torch.utils.checkpoint with use_reentrant=True: no tensor '
                               'argument of the checkpointed block requires grad (the first block gets the '
                               "data), so its output has no graph and the block's parameters get no "
                               'gradient; they silently stop training. Use use_reentrant=False.'},
                   {'cases': [['grad-clip', ''], ['dbg-anomaly-nan', ''], ['grad-amp', '']],
                    'id': 'clip-nonfinite',
                    'summary': 'clip_grad_norm_ was called with error_if_nonfinite=True and one gradient is '
                               'inf or NaN; without the flag it would have returned the non-finite norm and '
                               'made every gradient NaN. Find the parameter, then the cause (the loss, an '
                               "operation's derivative, or scaled gradients under AMP)."},
                   {'cases': [['cf-errors', '']],
                    'id': 'function-legacy-non-static',
                    'summary': 'A custom autograd Function written in the style of PyTorch 0.3 (forward and '
                               'backward as methods that use self, and an instance called as '
                               'MyFunction()(x)); make both methods static with ctx as their first argument, '
                               'and call MyFunction.apply(x).'},
                   {'cases': [['cf-need-function', '']],
                    'id': 'function-backward-not-implemented',
                    'summary': 'A custom autograd Function defines forward and no backward (the default '
                               'backward of torch/autograd/function.py raises this). autograd never sees the '
                               'operations inside forward, so it cannot differentiate them: if every step is '
                               'a PyTorch operation, drop the Function and write a plain function or '
                               'nn.Module; otherwise write backward.'},
                   {'cases': [['cf-errors', '']],
                    'id': 'function-backward-not-implemented-old',
                    'summary': 'The older wording of a Function without its own backward. On torch 1.7 and '
                               'the releases around it, it also came from a Function that defines backward '
                               "but whose forward lacks @staticmethod: apply then recorded the base class's "
                               'node, whose backward is this default. Decorate forward and backward with '
                               '@staticmethod; torch 2.13 runs such a class.'},
                   {'cases': [['cf-errors', '']],
                    'id': 'function-forward-output-none',
                    'summary': 'The forward of a custom Function (the name before .forward, minus Backward) '
                               "returned None where old releases required a tensor; often a library's "
                               "Function built for another torch. Install the library's version for your "
                               'torch or upgrade torch, which accepts None outputs; retain_graph=True never '
                               'fixes it.'},
                   {'cases': [['grad-not-implemented', ''],
                              ['cg-attention', ''],
                              ['cg-gradient-penalty', '']],
                    'id': 'derivative-not-implemented',
                    'summary': 'Autograd has no derivative for the operation the message names (any '
                               'operation; older releases printed the name without aten::). A name that ends '
                               'in _backward means a second derivative, through a gradient penalty or a '
                               'Hessian: write the function from differentiable operations, give it a custom '
                               'Function with its own backward, or upgrade where PyTorch has since added the '
                               "derivative (grid_sample's came in 2026)."},
                   {'cases': [['grad-not-implemented', ''], ['cg-gradient-penalty', '']],
                    'id': 'derivative-not-implemented-formula',
                    'summary': 'The other wording of a missing derivative, for an input whose formula '
                               'PyTorch marks not_implemented: a name ending in _backward '
                               "('_cdist_backward') is a second derivative, any other name ('igamma: input', "
                               "'zeta') a first one. Rewrite the function from differentiable operations, or "
                               'write its backward in a custom Function (a finite difference checked by '
                               'gradcheck when no formula is at hand), or upgrade where a later release has '
                               "the formula (torch 2.14 added '_cdist_backward')."},
                   {'cases': [['grad-not-implemented', '']],
                    'id': 'sparse-reshape-not-implemented',
                    'summary': 'A sparse gradient reached an operation whose backward reshapes it, typically '
                               'the view of a dense weight broadcast over stacked sparse matrices (sp * '
                               'w.view(-1, 1, 1)); multiply each sparse matrix by its own scalar weight and '
                               'add the products, or put the weights on the values of '
                               'torch.sparse_coo_tensor.'},
                   {'cases': [['grad-forward-missing', '']],
                    'id': 'forward-ad-not-implemented',
                    'summary': 'A forward-mode transform (torch.func.jvp, jacfwd, hessian, which is '
                               "jacfwd(jacrev), dual tensors, or jacobian with strategy='forward-mode') "
                               'reached an operation that has a backward formula but no forward one: a fused '
                               'attention kernel, grid_sample, cdist, some device kernels. Stay in reverse '
                               'mode (jacrev(jacrev(f)) for a Hessian, the vjp of grad(f) for a '
                               'Hessian-vector product, torch.autograd.functional.jvp for a Jacobian-vector '
                               "product), or choose a kernel that has the formula (attention's math "
                               'backend).'},
                   {'cases': [['grad-gradient-arg', '']],
                    'id': 'grad-output-shape',
                    'summary': 'The gradient passed to backward(gradient) or autograd.grad(grad_outputs=) '
                               'does not have the shape of the tensor it belongs to: output[0] is your '
                               'tensor, grad_output[0] what you passed. Old WGAN code passes '
                               'torch.FloatTensor([1]) for a 0-dim loss: write (-loss).backward(), or build '
                               'the gradient with torch.ones_like(output).'},
                   {'cases': [['grad-gradient-arg', '']],
                    'id': 'grad-output-shape-invalid-gradient',
                    'summary': 'The older wording of the same shape check: the gradient passed to '
                               'backward(gradient=...) does not have the shape of the tensor backward is '
                               "called on, as for a sum (shape []) given a gradient of the logits' shape "
                               '[10, 2] in Grad-CAM code. Call backward() on the scalar without a gradient, '
                               'or call it on the logits with that gradient.'},
                   {'cases': [['ddp-dataparallel-replica-grad', '']],
                    'id': 'multi-output-view-base-modified',
                    'summary': 'A tensor that a function returned as one of several views of its inputs (a '
                               "custom Function that returns its inputs as they are, as DataParallel's "
                               "Broadcast does for the first GPU's copies of the parameters) was used after "
                               'its base changed in place, typically by optimizer.step() between two '
                               'backward passes through one graph. Run every backward before the step, or '
                               'return a clone.'},
                   {'cases': [['ddp-dataparallel-grad', ''],
                              ['cg-custom',
                               "Another name before it (SRU_Compute_GPULegacyBackward): a library's custom "
                               'Function whose backward is a CUDA kernel, under a gradient penalty.']],
                    'id': 'scatter-not-twice-differentiable',
                    'summary': 'A gradient penalty (autograd.grad with create_graph=True, as in WGAN-GP or '
                               'DRAGAN) through a model wrapped in nn.DataParallel, on PyTorch 0.2: '
                               "DataParallel's scatter of the batch could not be differentiated twice in "
                               'that release. Upgrade: from 0.3.0 on, the backward functions of Scatter and '
                               'Gather are themselves differentiable (torch/nn/parallel/_functions.py on '
                               '2.13), so the penalty runs through DataParallel as written. With another '
                               'name in front (SRU_Compute_GPULegacyBackward on 0.3), the same words mean '
                               "that this custom Function's backward, often a CUDA kernel, cannot be "
                               'differentiated: see the custom Function case.'},
                   {'cases': [['grad-gradient-arg', ''], ['pit-non-scalar', '']],
                    'id': 'complex-backward',
                    'summary': 'backward() without a gradient was called on a complex scalar; a gradient '
                               'exists only for a real-valued loss. Reduce the magnitude (.abs()) or the '
                               'real part instead: a loss that squares a complex difference (z ** 2) is '
                               'complex, |z| ** 2 is not. Older releases silently differentiated the real '
                               'part.'},
                   {'cases': [['grad-func-errors', ''], ['cg-per-sample', '']],
                    'id': 'functorch-requires-grad',
                    'summary': 'A function passed to torch.func.grad, vmap or jacrev calls requires_grad_(), '
                               'or torch.autograd.functional.jacobian or hessian, which call it. Inside a '
                               'transform the inputs are already tracked: take every derivative with the '
                               'transforms themselves.'},
                   {'cases': [['grad-func-errors', ''], ['cg-per-sample', '']],
                    'id': 'functorch-backward',
                    'summary': 'A function passed to vmap or torch.func.grad calls loss.backward(). '
                               "Per-sample gradients come from vmap(grad(loss_fn)) with the model's "
                               'parameters passed in through functional_call, not from backward() per '
                               'sample.'},
                   {'cases': [['grad-func-errors', '']],
                    'id': 'vmap-item',
                    'summary': 'A function under vmap turns a tensor into a Python number (.item(), float(), '
                               'int(), or indexing with a tensor that does so); under vmap one call stands '
                               'for a whole batch, so there is no single number. Keep the value a tensor.'},
                   {'cases': [['grad-func-errors', '']],
                    'id': 'vmap-item-functorch',
                    'summary': 'The older functorch wording of the vmap .item() error: a function under vmap '
                               'calls .item() (or float(), int()), and one call stands for a whole batch, so '
                               'there is no single number. Keep the value a tensor: index with it instead of '
                               'with a Python number.'},
                   {'cases': [['dbg-history', '']],
                    'id': 'functorch-new-args',
                    'summary': 'A bug of early functorch (2021): jacrev, alone or under vmap for per-sample '
                               'gradients, was given the parameter tuple from make_functional as one '
                               'argument and unpacked it; the last number is how many tensors the tuple '
                               'holds. Fixed within days; on torch 2.0 and later use torch.func with a dict '
                               'of parameters and functional_call.'},
                   {'cases': [['grad-func-errors', '']],
                    'id': 'vmap-dynamic-shape',
                    'summary': 'Inside vmap (per-sample gradients, vmap(jacrev(...))) an operation whose '
                               'output shape depends on the values, here indexing or assigning through a '
                               'boolean mask (nonzero too), has no single shape for the whole batch; compute '
                               'both branches on the full shape with torch.where instead.'},
                   {'cases': [['grad-func-errors', '']],
                    'id': 'vmap-control-flow',
                    'summary': 'A function under vmap uses a tensor in an if or a while (if x.sum() > 0:); '
                               'each sample of the batch could need a different branch. Compute both sides '
                               'and choose per element with torch.where.'},
                   {'cases': [['grad-func-errors', '']],
                    'id': 'vmap-item-or-control-flow',
                    'summary': 'A function under vmap(jacrev(...)) or vmap(grad(...)) turns a tensor into a '
                               'Python number or branches on one (an if or a while on a tensor, an adaptive '
                               "ODE solver's stopping test); one call stands for the whole batch, so there "
                               'is no single answer. Keep values as tensors and write an if as torch.where; '
                               'for a loop whose length depends on the data, loop over the samples in Python '
                               "or differentiate the solver's own batched call summed over the batch."},
                   {'cases': [['grad-func-errors', '']],
                    'id': 'functorch-captured-mutation',
                    'summary': 'A function under torch.func.grad, jacrev, jacfwd or vjp writes in place into '
                               'a tensor it did not receive as an input, usually BatchNorm in training mode '
                               'updating its running statistics. Pass the buffers in through '
                               'functional_call, use eval(), or call '
                               'torch.func.replace_all_batch_norm_modules_.'},
                   {'cases': [['gb-batchnorm', '']],
                    'id': 'batchnorm-running-stats-grad',
                    'summary': 'A tensor that requires grad was passed to batch_norm in the place of '
                               'running_mean (or running_var): a running buffer made a Parameter or cloned '
                               "from a tensor with a graph, or the weight put there by torch.batch_norm's "
                               'argument order. Pass the statistics detached, as buffers that do not require '
                               'grad.'},
                   {'cases': [['grad-overlap', '']],
                    'id': 'overlap-written-to',
                    'summary': 'An in-place operation writes into a tensor made by expand (or another view '
                               'with stride 0), whose elements share memory. Call .clone() (or use repeat) '
                               'before writing, or update out of place.'},
                   {'cases': [['grad-overlap', '']],
                    'id': 'overlap-input-written-to',
                    'summary': 'A write reads from a view of its own destination, such as x[1] = '
                               'x[1].transpose(0, 1). Clone the source first.'},
                   {'cases': [['grad-nondiff', ''], ['cf-non-differentiable', '']],
                    'id': 'isfloating-grads',
                    'summary': 'Up to PyTorch 1.5: backward() sent a gradient into an integer tensor that '
                               'required grad, the result of argmax or argsort, or an integer output of a '
                               "custom Function (point-cloud code's furthest point sampling or grouping). "
                               "Call ctx.mark_non_differentiable on the index in the Function's forward, or "
                               'detach it; current releases never make an integer tensor require grad.'},
                   {'cases': [['grad-nondiff', ''], ['cf-non-differentiable', '']],
                    'id': 'isfloating-grads-type',
                    'summary': 'The PyTorch 1.3 and 1.4 wording of the same error: a gradient sent into an '
                               'integer tensor that required grad, usually the index output of a custom '
                               'Function without ctx.mark_non_differentiable.'},
                   {'cases': [['pit-loss-number', '']],
                    'id': 'number-has-no-backward',
                    'summary': 'backward() was called on a Python number, not a tensor: the loss function '
                               'returned 0 (or a float) for a batch with nothing to compare, such as an '
                               'image without target boxes; return pred.sum() * 0 or skip the step.'},
                   {'cases': [['grad-func-errors', '']],
                    'id': 'vmap-inplace-extra-args',
                    'summary': 'A function under vmap writes a batched value in place into a tensor it '
                               'created with a fixed shape (torch.zeros(x.shape), torch.zeros(n)); that one '
                               'buffer is shared by the whole batch and cannot hold a value per sample. '
                               'Create it from the input with torch.zeros_like(x) or x.new_zeros(...), or '
                               'build the result out of place (torch.stack, torch.cat, torch.where).'},
                   {'cases': [['grad-func-errors', '']],
                    'id': 'batchnorm-input-dim',
                    'summary': 'BatchNorm2d received a tensor without its batch dimension: under vmap '
                               '(per-sample gradients, vmap(jacrev(model))) each call sees one sample of '
                               'shape [C, H, W]; outside vmap, a single image was passed without '
                               'unsqueeze(0). Give the model a batch: model(x.unsqueeze(0)).squeeze(0).'},
                   {'cases': [['cg-hvp', '']],
                    'id': 'func-grad-output',
                    'summary': 'torch.func.grad differentiates a function that returns one scalar tensor, '
                               'and this one returned something else: most often a dictionary of gradients, '
                               'from grad(grad(f)) on a loss of a parameter dictionary. A second derivative '
                               'is a Jacobian of the gradient: use torch.func.hessian(f) or jacrev(grad(f)), '
                               'or jvp(grad(f), ...) for a Hessian-vector product.'},
                   {'cases': [['ddp-grad-strides', '']],
                    'id': 'ddp-grad-strides',
                    'summary': "A UserWarning from DDP's reducer: a gradient's strides differ from those its "
                               'parameter had when DDP was built. When they differ only in dimensions of '
                               'size 1 (a 1x1 convolution weight with channels_last input), the gradient is '
                               'right and the cost is one strided copy: silence it. Convert the model to '
                               'channels_last before wrapping it in DDP, not after.'},
                   {'cases': [['mem-ckpt-metadata', '']],
                    'id': 'checkpoint-recomputed-metadata',
                    'summary': 'The non-reentrant checkpoint re-ran the block in backward and the second run '
                               'saved tensors of another shape, dtype or device than the first: the block '
                               'read state besides its inputs that changed in between, such as a key/value '
                               'cache (use_cache=True), a parameter a sharding library had released, or a '
                               "router's statistics. Keep that state out of the block."},
                   {'cases': [['cg-not-require', ''], ['cg-unused', '']],
                    'id': 'grad-input-no-requires-grad',
                    'summary': 'torch.autograd.grad was asked for the gradient with respect to a tensor that '
                               'does not require grad: usually a frozen parameter listed by '
                               'model.parameters(), or an input that was never marked. Pass only the tensors '
                               'that require grad ([p for p in model.parameters() if p.requires_grad]), or '
                               'call requires_grad_() on the input; allow_unused=True does not help.'},
                   {'cases': [['cf-func', '']],
                    'id': 'function-jvp-missing',
                    'summary': 'Forward-mode AD (forward_ad dual tensors, torch.func.jvp, jacfwd, hessian) '
                               'reached a custom autograd Function that defines backward but no jvp; add a '
                               "jvp staticmethod that returns the output's tangent, saving what it needs "
                               'with ctx.save_for_forward, or stay in reverse mode (jacrev, '
                               'torch.autograd.functional.jacobian).'},
                   {'cases': [['dbg-amp-scaler', '']],
                    'id': 'amp-unscale-fp16',
                    'summary': 'GradScaler divides the gradients by its scale factor and refuses float16 '
                               "ones: the model's parameters are float16 (model.half(), a layer cast by "
                               'hand, trainable adapters of a float16 model). Keep the parameters in float32 '
                               'and let torch.autocast compute in float16, or use bfloat16 without a '
                               'scaler.'},
                   {'cases': [['dbg-amp-scaler', '']],
                    'id': 'amp-unscale-twice',
                    'summary': 'scaler.unscale_(optimizer) ran twice before scaler.update(): in gradient '
                               'accumulation after every micro-batch, or in a loop that skips '
                               'scaler.update() after an overflow. Unscale, clip, step and update once per '
                               'optimizer step, and call scaler.update() after every scaler.step().'},
                   {'cases': [['amp-grad-dtype', '']],
                    'id': 'mixed-dtype-scalar-type',
                    'summary': "One operation (bmm, a convolution, nll_loss with a weight, a library's CUDA "
                               'kernel) got a float16 and a float32 operand outside autocast: part of the '
                               'model converted with .half() or loaded in float16 (8-bit loading keeps some '
                               'modules float32), or a float32 input for a float16 model. Keep the '
                               'parameters float32 and run the forward under torch.autocast, load the model '
                               'in one dtype, or cast the odd operand.'},
                   {'cases': [['amp-grad-dtype', '']],
                    'id': 'mixed-dtype-mat1-mat2',
                    'summary': 'An nn.Linear (or addmm) got an input and a weight of different dtypes '
                               'outside autocast: a float16 input for a float32 layer, or the other way '
                               'round. Keep the parameters float32 and run the forward under torch.autocast, '
                               "or cast the input to the weight's dtype."},
                   {'cases': [['dbg-amp-scaler', '']],
                    'id': 'lr-scheduler-before-step',
                    'summary': "The scheduler's first step() came before any optimizer.step(). With "
                               'GradScaler, in the right order, it means the first step was skipped for '
                               'non-finite gradients, which is normal while the scale factor comes down: '
                               'harmless. Without a scaler, call optimizer.step() before scheduler.step().'},
                   {'cases': [['dbg-amp-no-inf', '']],
                    'id': 'amp-no-inf-checks',
                    'summary': 'scaler.step(optimizer) found not one parameter of this optimizer with a '
                               'gradient: not an overflow. Usually zero_grad() runs between backward() and '
                               'step(); otherwise the optimizer holds only frozen parameters (an adapter '
                               'loaded for inference), or the loss does not reach them. Zero the gradients '
                               'before the forward pass.'},
                   {'cases': [['dbg-amp-no-inf', '']],
                    'id': 'amp-scale-none',
                    'summary': "The scaler's unscale_, step or update ran before any scaler.scale(loss): the "
                               "loop calls loss.backward() directly (in Lightning's manual optimization, "
                               'loss.backward() instead of self.manual_backward(loss)). Scale every loss '
                               'before backward().'},
                   {'cases': [['dbg-amp-several', '']],
                    'id': 'amp-step-twice',
                    'summary': 'scaler.step ran twice on the same optimizer without scaler.update() in '
                               'between: a loop that never calls update(), or a list that holds the same '
                               'optimizer twice. Step each optimizer once, then call scaler.update() once '
                               'per iteration.'},
                   {'cases': [['pit-empty-params', '']],
                    'id': 'optimizer-empty-params',
                    'summary': 'The optimizer was built from no tensor at all: every parameter was frozen '
                               'before filtering on requires_grad, the model keeps its layers in a plain '
                               'list (use nn.ModuleList), or model.parameters() was a generator already used '
                               'up. Unfreeze what should train, register the layers, and pass a list.'},
                   {'cases': [['mem-ckpt-metadata', '']],
                    'id': 'checkpoint-recomputed-count',
                    'summary': 'The non-reentrant checkpoint re-ran the block in backward and the second run '
                               'took another path: a choice inside the block (stochastic depth drawn with '
                               "Python's random, model.eval() or a flag changed before backward) read state "
                               'that checkpoint does not restore. Make the choice outside the block and pass '
                               'it in, draw it with torch.rand, or change the mode after backward.'},
                   {'cases': [['ddp-unused-warning', '']],
                    'id': 'ddp-find-unused-no-unused',
                    'summary': "A warning from DDP's reducer, once per process, in the first iteration whose "
                               'forward pass used every parameter (often the first one), so the graph walk '
                               'that find_unused_parameters=True buys costs time for nothing, unless a later '
                               'iteration skips a branch. If the same parameters are always used, pass '
                               'find_unused_parameters=False; if a branch is taken only sometimes, keep the '
                               'flag and ignore the warning.'},
                   {'cases': [['cf-backward-in-backward', ''], ['mem-ckpt-grad', '']],
                    'id': 'checkpoint-reentrant-grad-old',
                    'summary': 'The older wording of the same error: a reentrant checkpoint '
                               '(use_reentrant=True, the old default) differentiated with '
                               'torch.autograd.grad or backward(inputs=...); pass use_reentrant=False.'},
                   {'cases': [['tc-graph-break', '']],
                    'id': 'compile-mirrored-meta',
                    'summary': 'A function compiled with torch.compile called torch.autograd.backward on its '
                               'own output, and Dynamo traced into the call instead of skipping it: a Dynamo '
                               'bug, fixed since (the section links the fix). Upgrade, or call backward '
                               'outside the compiled function.'},
                   {'cases': [['var-assign-parameter', '']],
                    'id': 'assign-parameter',
                    'summary': 'A plain tensor, usually computed from the parameter itself (self.w = '
                               'F.softmax(self.w)), was assigned to a module attribute that holds an '
                               'nn.Parameter; keep the result in a local variable, or use '
                               'torch.nn.utils.parametrize for a weight computed at every call.'},
                   {'cases': [['var-assign-parameter', '']],
                    'id': 'register-parameter-tensor',
                    'summary': 'register_parameter was given a plain tensor; wrap it first: '
                               'register_parameter(name, nn.Parameter(tensor)).'},
                   {'cases': [['var-module-tensors',
                               'cuda:0 and cpu after model.to(device): a plain tensor attribute left in CPU '
                               'memory, an input not moved, or a tensor created in forward without a '
                               'device.'],
                              ['var-dp-replica',
                               'cuda:1 and cuda:0 with two GPUs under nn.DataParallel: replicas get copies '
                               'of parameters and buffers only, so a plain tensor attribute stays on '
                               'cuda:0.']],
                    'id': 'tensors-same-device',
                    'summary': 'One operation received tensors on two devices. With cuda:0 and cpu: a tensor '
                               'the module keeps as a plain attribute stayed in CPU memory after '
                               'model.to(device), the batch was not moved, or forward created a tensor '
                               'without device=. With cuda:1 and cuda:0 under nn.DataParallel: a plain '
                               "tensor attribute is not copied to the other GPUs' replicas. Register such "
                               'tensors with register_buffer.'},
                   {'cases': [['tc-module-backward-hook', '']],
                    'id': 'compile-module-backward-hook',
                    'summary': 'torch.compile(..., fullgraph=True) reached a module with a full backward '
                               'hook (register_full_backward_hook), which Dynamo traces only with compiled '
                               'autograd. Drop fullgraph=True (the hooked module then breaks the graph and '
                               'its hook fires), or set torch._dynamo.config.compiled_autograd = True and '
                               'call backward() inside the compiled step.'},
                   {'cases': [['pit-validation-backward', '']],
                    'id': 'cudnn-rnn-eval',
                    'summary': 'backward() or autograd.grad() went through an nn.LSTM, nn.GRU or nn.RNN in '
                               "eval mode on a GPU: cuDNN's RNN kernels keep what backward needs only in "
                               'training mode. Usually a validation or sampling function called model.eval() '
                               'and nothing called model.train() again; call it at the start of every epoch, '
                               'put only the RNN in training mode, or run forward and backward under '
                               'torch.backends.cudnn.flags(enabled=False). The mode that counts is the one '
                               'the forward ran in: calling train() between the forward and backward() does '
                               'not help; before the forward, list the modules still in eval mode with [n '
                               'for n, m in model.named_modules() if not m.training].'},
                   {'cases': [['var-retain-grad', '']],
                    'id': 'retain-grad-no-grad',
                    'summary': 'retain_grad() was called on a tensor that does not require grad: it is not '
                               'part of any graph (made from .data or detach(), computed under '
                               'torch.no_grad(), or only from tensors that do not require grad), so no '
                               'gradient can reach it. Build it from tensors that require grad, and call '
                               'retain_grad() only when requires_grad is True.'},
                   {'cases': [['pit-loss-dtype', '']],
                    'id': 'loss-target-dtype',
                    'summary': 'A loss compared a float prediction with a target of another dtype (integer '
                               'labels, or a float64 target from NumPy); some losses fail in the forward '
                               "pass, others only in backward, whatever the loss's own dtype. Convert the "
                               'target: target.float() or target.to(output.dtype).'},
                   {'cases': [['pit-deepcopy-graph', '']],
                    'id': 'deepcopy-non-leaf',
                    'summary': 'copy.deepcopy met a tensor with a grad_fn: usually an intermediate that a '
                               "module's forward (or a forward hook) stored on self, so deepcopy(model) "
                               'fails after a forward pass, in an EMA helper or a best-model snapshot; or '
                               'the weight of a layer wrapped by the old torch.nn.utils.weight_norm, which '
                               'fails even before any forward pass. Store the intermediate detached, delete '
                               'it before copying, or copy the weights with state_dict(); replace the old '
                               'weight_norm with torch.nn.utils.parametrizations.weight_norm.'},
                   {'cases': [['pit-grad-none-zero', '']],
                    'id': 'grad-none-zero',
                    'summary': 'x.grad.zero_() (or x.grad.data) ran while x.grad was None: before the first '
                               'backward() that reaches x, or on a tensor that does not require grad. Zero '
                               'after the update or guard with `if x.grad is not None`, and call '
                               'requires_grad_() on an input before the forward pass.'},
                   {'cases': [['pit-resize-requires-grad', '']],
                    'id': 'resize-requires-grad',
                    'summary': 'resize_() was called on a tensor that requires grad, typically a buffer that '
                               "collects a model's outputs: an earlier in-place copy of an output that "
                               'requires grad made the buffer part of the graph. Copy output.detach() into '
                               'it, or do the bookkeeping under torch.no_grad().'},
                   {'cases': [['cf-errors', '']],
                    'id': 'function-returns-view-no-grad',
                    'summary': 'torch 1.4 and earlier refused a custom Function run under torch.no_grad() '
                               'whose forward returned a view of an input that requires grad (x[:], '
                               'x.view(...)). Upgrade; on such a release, return a clone.'},
                   {'cases': [['cf-view-output-inplace', ''], ['dbg-module-hooks', '']],
                    'id': 'function-view-inplace',
                    'summary': 'An in-place operation changed the output of a custom Function (or a slice of '
                               'it) that is a view: forward returned a view of its input, or the input '
                               "itself. Autograd refuses, since rewriting the view's history would bypass "
                               "the Function's backward. Clone the output (in forward or after apply) or use "
                               'an out-of-place operation.'},
                   {'cases': [['cf-save-non-tensor', '']],
                    'id': 'save-for-backward-non-tensor',
                    'summary': 'ctx.save_for_backward received something that is not a tensor (a number, a '
                               'tuple of sizes, a flag). It takes tensors and None only; put other values on '
                               'ctx as attributes (ctx.factor = factor) and return None for them from '
                               'backward.'},
                   {'cases': [['cf-errors', '']],
                    'id': 'expected-proper-tensor-got-none',
                    'summary': 'An operation inside TorchScript (or C++) received None where it needs a '
                               'tensor: TorchScript takes None passed for a Tensor argument as an undefined '
                               "tensor. Often a custom Function's forward returns None on some path, such as "
                               'a surrogate gradient whose return sits inside if x.requires_grad and so '
                               'returns nothing under torch.no_grad(). Return a tensor on every path.'},
                   {'cases': [['mem-ckpt-reentrant', '']],
                    'id': 'checkpoint-use-reentrant-explicit',
                    'summary': 'A UserWarning from torch.utils.checkpoint called without use_reentrant: '
                               'torch 2.13 still runs the reentrant variant then, and asks you to choose. '
                               'Pass use_reentrant=False (recommended; it also trains a block whose inputs '
                               'do not require grad), or use_reentrant=True to keep the old behaviour.'},
                   {'cases': [['mem-ckpt-reentrant', '']],
                    'id': 'checkpoint-use-reentrant-explicit-old',
                    'summary': 'The older wording of the same UserWarning (torch 2.1 and the releases right '
                               'after it): checkpoint was called without use_reentrant. Pass '
                               'use_reentrant=False (recommended), or use_reentrant=True to keep the old '
                               'behaviour.'},
                   {'cases': [['var-grad-modes', '']],
                    'id': 'inference-requires-grad',
                    'summary': 'requires_grad_() (or requires_grad=True) was set on a tensor created under '
                               "torch.inference_mode(). An inference tensor can never join autograd's "
                               'records that way; create it under torch.no_grad() instead, or make a normal '
                               'tensor from it with clone() outside inference mode.'},
                   {'cases': [['pit-loss-dtype', '']],
                    'id': 'loss-target-cast',
                    'summary': 'binary_cross_entropy_with_logits (BCEWithLogitsLoss) got integer labels: the '
                               "loss is computed in float and cannot be written into the target's integer "
                               'dtype. Convert the target: target.float() or target.to(output.dtype).'},
                   {'cases': [['var-node-hooks', '']],
                    'id': 'post-accumulate-hook-return',
                    'summary': 'A hook registered with register_post_accumulate_grad_hook returned a tensor. '
                               'That hook receives the parameter itself, not its gradient (unlike '
                               'register_hook), and must return None; change param.grad in place inside it. '
                               'Changing its argument in place changes the weight, with no error.'},
                   {'cases': [['ddp-deepspeed-engine', '']],
                    'id': 'deepspeed-eval-backward',
                    'summary': 'An AssertionError of DeepSpeed ZeRO-3 (ZeRO-2 has no such check): backward '
                               'reached a submodule whose training flag is False. PyTorch itself runs '
                               'backward in eval mode. A model put in eval() for generation, scoring or '
                               'evaluation was not set back: call model.train() before the training forward '
                               'and backward, or upgrade DeepSpeed.'},
                   {'cases': [['rg-gan', '']],
                    'id': 'lightning-multiple-optimizers',
                    'summary': 'A RuntimeError of Lightning 2.x, not of PyTorch: the LightningModule returns '
                               "two optimizers (a GAN's or a VQGAN's generator and discriminator) and either "
                               'has training_step(batch, batch_idx, optimizer_idx) or leaves automatic '
                               'optimization on. Lightning 1.x called training_step once per optimizer and '
                               'stepped each returned loss; 2.x does not. Pin pytorch-lightning<2.0, or set '
                               'self.automatic_optimization = False and do each zero_grad(), '
                               "manual_backward() and step() in training_step, the discriminator's loss on a "
                               'detached fake.'}],
            'zh-hans': [{'cases': [['rg-guide', '不确定是哪一种情况：决策指南，从出错的那一行一路带到修正方法。'],
                                   ['rg-error', '来龙去脉：第一次 backward() 已经释放了第二次需要的保存的张量。'],
                                   ['pit-target-outside-loop', '某个张量在训练循环开始前由需要梯度的输入算出一次，之后每轮迭代都在用它。'],
                                   ['pit-hidden-state', 'RNN 或 LSTM 的隐藏状态没有 detach()，就从一个批量带进了下一个批量。'],
                                   ['rg-two-losses', '两个损失共享同一个网络，各自做一次 backward()。'],
                                   ['rg-gan', 'GAN 的训练步骤中，判别器的反向传播也穿过了生成器的计算图。'],
                                   ['rg-prefix', '两个优化器共享一个编码器：两个输出头、两个损失。'],
                                   ['rg-anomaly', '找出是哪个张量把上一轮迭代的计算图带进了下一轮。'],
                                   ['pit-retain-graph', '为了让报错消失而加上 retain_graph=True，之后内存就不断增长。'],
                                   ['int-freed', 'backward() 之后读取保存的张量，即使没有第二次反向传播也会报错：这条报错信息来自保存的值，而不是引擎。'],
                                   ['cg-retain',
                                    '使用 create_graph=True 却显式传入 '
                                    'retain_graph=False：记录下来的梯度仍需要第一张计算图中保存的张量，而这次调用已经把它们释放了。'],
                                   ['rg-semantics',
                                    '没有 create_graph=True，就对同一个输出调用两次 torch.autograd.grad：retain_graph '
                                    '的默认值跟随 create_graph，所以第一次调用就把保存的张量释放了。'],
                                   ['rg-loop',
                                    '训练循环中，某个状态从一轮迭代带进了下一轮；这时加上 retain_graph=True 的代价是：内存和反向传播的计算量每轮都在增长。'],
                                   ['cf-ctx-attribute',
                                    '自定义 Function：引擎会像释放其他节点的张量一样，释放用 save_for_backward '
                                    '保存的张量，所以第二次反向传播会报这个错；存在 ctx 上的张量（ctx.e = '
                                    'e）不会随反向传播释放，而是一直留到计算图释放为止，所以不报错，内存却一直被占用。'],
                                   ['tc-twice',
                                    '第二次反向传播穿过 torch.compile 编译的区域：编译后的节点和其他节点一样会释放保存的张量，修复方法也相同。'],
                                   ['tc-gan-step',
                                    '用 torch.compile 把整个 GAN 训练步骤编译起来：判别器对 fake.detach() 的反向传播释放了编译区域的节点，而 '
                                    'fake 也出自这个节点，于是生成器的反向传播失败；改为分别编译每个模型。'],
                                   ['rg-layerwise',
                                    '深度监督：几个块各有一个损失，每个损失依次各做一次 '
                                    'backward()；后面的损失穿回前面的块（冻结的也一样），而第一次反向传播已经释放了它们。'],
                                   ['cf-backward-in-backward',
                                    '自定义 Function 的 backward 对它在 forward 中留下的内层计算图调用 backward（或 '
                                    'autograd.grad）：这次内层调用会释放内层图，所以外层的第二次反向传播会失败，即使加了 retain_graph=True '
                                    '也一样，因为内层调用看不到这个参数；请在 backward 里重新计算内层图，或者在内层调用时传入 retain_graph=True。'],
                                   ['pit-module-state',
                                    '在两次调用之间保留状态的层（脉冲神经元的膜电位、持续累积的记忆）：一个批量结束时，这个状态还连着该批量的计算图，下一个批量的损失会一路反向传播回去；请在每个批量开始时重置状态，或者对它调用 '
                                    'detach()。'],
                                   ['mem-retain',
                                    '开启了梯度检查点：原因不在检查点；第二次反向传播经过设了检查点的块时，和没有检查点时一样会失败，所以要修复造成第二次传播的那种情况，或者传入 '
                                    'retain_graph=True（之后每次传播都会重新计算这些块）。'],
                                   ['pit-rollout-graph',
                                    'PPO 或 MAPPO 在同一段交互数据上跑好几个 epoch（mini_epochs > '
                                    '1），而其中的对数概率、估值或优势仍带着收集数据时的计算图。']],
                         'id': 'backward-twice',
                         'summary': '反向传播需要计算图中保存的张量，但之前的 backward() 已经把它释放了；通常是某个张量把上一次迭代的计算图带进了下一次迭代。'},
                        {'cases': [['rg-wordings', '']],
                         'id': 'backward-twice-saved-results',
                         'summary': '同一个错误的旧版措辞：计算图保存的张量已经释放，却又在这张图上做了一次反向传播。'},
                        {'cases': [['rg-wordings', '']],
                         'id': 'backward-twice-dot-backward-or-grad',
                         'summary': '同一个错误在 PyTorch 1.8 中的措辞，也是第一个除 .backward() 之外还提到 autograd.grad() 的措辞。'},
                        {'cases': [['rg-wordings', '']],
                         'id': 'backward-twice-buffers',
                         'summary': '同一个错误在 PyTorch 0.2 到 1.5 中的措辞；所谓 buffers，就是第一次 backward() 已经释放的保存的张量。'},
                        {'cases': [['rg-wordings', '']],
                         'id': 'backward-twice-retain-variables',
                         'summary': '同一个错误在 PyTorch 0.1 中的措辞，当时 retain_graph 参数还叫 retain_variables。'},
                        {'cases': [['pit-inplace-saved',
                                    '某个运算把张量保存下来供反向传播使用之后，又有原地操作（*=、+=、relu(inplace=True)、x[0] = ...）改动了它。'],
                                   ['pit-inplace-decode', '解读报错信息：形状、运算和版本号指的是哪个张量，以及异常检测模式如何找出那一行。'],
                                   ['pit-step-between-backwards',
                                    '在对同一张计算图的两次 backward() 之间执行了 optimizer.step()，改动了计算图保存的权重。'],
                                   ['pit-step-two-models',
                                    '演员-评论家（actor-critic：A2C、PPO、SAC、DDPG）：评论家的优化器先更新了参数，演员的损失才反向传播穿过评论家。'],
                                   ['rg-gan',
                                    'GAN 训练：判别器的优化器先更新了参数，生成器的损失才反向传播穿过 D(fake)（PyTorch 1.5 之前能运行的代码）。'],
                                   ['rg-gan-detach',
                                    'GAN：先更新了 G，再用同一批没有调用 detach() 的假样本训练 D，于是 D 的反向传播一路回到 G 已经改动过的权重（用了 AMP '
                                    '的 GradScaler 也一样）。'],
                                   ['rg-two-step',
                                    'SAM 或其他两步式优化器：权重已经原地移到 w + e，却又对第一次前向传播的计算图做反向传播（retain_graph=True）。'],
                                   ['cg-inplace',
                                    '双重反向传播（create_graph=True、梯度惩罚、MAML）：在记录梯度和再次求导之间，有原地操作改动了参数。'],
                                   ['var-data',
                                    '通过 .data 做的修改，自动求导察觉不到，梯度悄无声息地出错；同样的修改改用 detach() 来做，就会抛出这个错误。'],
                                   ['var-version', '自动求导如何察觉：每个张量的版本计数器，它的视图和 detach() 的结果共享同一个计数器。'],
                                   ['int-saved', '检查发生在哪里：保存的张量记下的版本号，在反向传播取出它时进行比对。'],
                                   ['var-saved-hooks', '在保存张量钩子之下，自动求导不做这项检查；本书的计量器会补上检查，并在报错信息后面多加一句说明。'],
                                   ['pit-inplace-layers',
                                    'nn.Dropout(inplace=True) 或其他原地计算的层，紧跟在保存了自身输出的激活函数之后（output 0 of '
                                    'ReluBackward0 或 SigmoidBackward0）：哪些层可以安全地原地计算，以及修复方法 inplace=False。'],
                                   ['pit-module-state',
                                    '脉冲神经元（SpikingJelly 的 LIF、snnTorch）或其他有状态的层在批量之间从未重置，训练循环又传了 '
                                    'retain_graph=True：下一次反向传播回到上一个批量的计算图，而 optimizer.step() '
                                    '已经改动了那张图保存的权重；每个批量开始时都要重置状态。'],
                                   ['mem-per-layer', 'nn.ReLU(inplace=True) 紧跟在一个保存自身输出的层（例如 sigmoid）之后。'],
                                   ['ddp-buffers-inplace',
                                    '只在 DDP 下、并且在同一次 backward '
                                    '之前调用模型两次时出现：每次前向传播前的缓冲区广播（broadcast_buffers=True）原地改动了 BatchNorm '
                                    '的滑动统计量；torch 2.13 会保留它们的版本，旧版本需要 broadcast_buffers=False。'],
                                   ['pit-embedding-max-norm',
                                    'nn.Embedding(max_norm=...) '
                                    '会原地缩放查到的那几行，改的就是权重本身；在查表之前就用到权重的项（例如对整张表的正则化）保存的是旧版本。请把这一项放到查表之后计算，或者改用非原地的方式归一化。'],
                                   ['tc-early-errors',
                                    '在 torch.compile 下，同一个错误会在第一次调用编译后的模型时就出现，还没做任何反向传播，外面包着 '
                                    'BackendCompilerFailed：编译器在编译前向传播时就追踪了反向传播。修复方法和 eager 模式一样：改掉那个原地运算。'],
                                   ['pit-rollout-graph',
                                    'PPO：加上 retain_graph=True 之后，在同一段交互数据上跑第二个 epoch，穿过的对数概率和估值是在 '
                                    'optimizer.step() 改动权重之前记录的。'],
                                   ['pit-teacher',
                                    'MoCo 与记忆库：反向传播之前，写入队列的操作就原地覆盖了负样本键的队列，而 q @ queue 还要用它；请改用 '
                                    'queue.clone().detach()。']],
                         'id': 'modified-by-inplace',
                         'summary': '为反向传播保存的某个张量，保存之后又经原地操作改动了（例如 *= 或 optimizer.step()），它的版本计数器因此对不上。'},
                        {'cases': [['pit-data-index',
                                    '用 loss.data[0] 读取损失值，就像为 PyTorch 0.3 写的代码那样：请改用 loss.item()。'],
                                   ['var-history', '0 维张量从 PyTorch 0.4 开始出现；当时 loss.data[0] 只会发出警告，现在则会报错。']],
                         'id': 'zero-dim-index',
                         'summary': '对 0 维张量（例如损失值）做了索引，例如 loss.data[0]；要取得数值请用 loss.item()。'},
                        {'cases': [['pit-data-index', '']],
                         'id': 'zero-dim-index-python-number',
                         'summary': '同一个错误的旧版措辞：对 0 维张量做了索引；请改用 .item()。'},
                        {'cases': [['pit-data-index', '']],
                         'id': 'zero-dim-index-warning',
                         'summary': 'PyTorch 0.4 预告这个错误的警告：loss.data[0] 当时还能运行，但应改成 loss.item()。'},
                        {'cases': [['pit-non-scalar', ''],
                                   ['pit-data-parallel-loss',
                                    '只在多卡时报错：nn.DataParallel 把 forward 返回的损失收集成每张 GPU 一个值；请调用 '
                                    'loss.mean().backward()。']],
                         'id': 'non-scalar-backward',
                         'summary': '对包含多个元素的张量调用 backward() 却没有传 gradient 参数；请先归约成标量，或传入 gradient=。'},
                        {'cases': [['pit-no-grad-fn',
                                    '对背后没有计算图的损失调用 backward()：忘了设置 requires_grad、损失是在 torch.no_grad() '
                                    '里算的、中间经过了 detach()、.item()、.numpy() 或通过 .data 写入的切片，或者模型的参数全部冻结了。'],
                                   ['pit-loss-number',
                                    '遇到没有目标的批量（例如检测器里一个框也没有的图像）就返回 torch.tensor(0.0) 这类常量张量作为损失；给它设置 '
                                    'requires_grad=True 只会让报错消失，模型什么也学不到。'],
                                   ['cf-backward-in-backward',
                                    '在自定义 Function 的 backward 里调用 torch.autograd.grad 来重新计算一个模块；除非用 '
                                    'torch.enable_grad() 打开，这里的梯度记录是关闭的。'],
                                   ['cf-once',
                                    '自定义 Function 的 backward 标记了 @once_differentiable，而损失是 .sum() '
                                    '这类（传入的梯度是常量）：经过它求出的一阶导数没有计算图，再求一次导就会报错。'],
                                   ['cg-per-sample',
                                    '为了求逐样本梯度，在 torch.func.vmap 里调用 torch.autograd.grad：在 vmap 里，单个样本的损失没有 '
                                    'grad_fn；请改用 vmap 包住 torch.func.grad，并配合 functional_call。'],
                                   ['grad-nondiff',
                                    '损失由 argmax、pred > 0.5 '
                                    '之类的比较或整数类型转换得到（例如把准确率当作损失）：自动求导不会记录这些运算；请改用可微的损失、直通估计器，或带温度参数的平滑近似。'],
                                   ['cg-what',
                                    '第一次调用 torch.autograd.grad 时没有 create_graph=True，却要对得到的梯度再求导：那个梯度是常量，没有 '
                                    'grad_fn。'],
                                   ['cg-no-grad',
                                    '损失在 torch.no_grad() 里计算（例如评估循环），即使加上 create_graph=True 也一样：create_graph '
                                    '记录的是反向传播，而前向传播根本没有留下计算图。'],
                                   ['mem-ckpt-reentrant',
                                    'LoRA 或 adapter '
                                    '配合冻结的嵌入层和梯度检查点（use_reentrant=True）：所有可训练的权重都在输入不需要梯度的检查点块里，所以损失没有计算图；请改用 '
                                    'use_reentrant=False，或者让块的输入需要梯度（enable_input_require_grads()）。'],
                                   ['cg-hvp',
                                    '计算 Hessian 向量积时，第一次求梯度没有加 create_graph=True：那个梯度没有计算图，再求一次导就会报错；请在第一次调用 '
                                    'torch.autograd.grad 时传入 create_graph=True。'],
                                   ['cg-unused',
                                    '一阶导数是常量的函数（f = 2x）再求二阶导数：一阶导数没有 grad_fn，所以更高阶的导数全都是零；请先检查 '
                                    'requires_grad，或改用 torch.func.grad。'],
                                   ['pit-validation-backward',
                                    '在 PyTorch Lightning 的 validation_step 或 test_step 里调用 backward() 或 '
                                    'autograd.grad，而这些步骤在 torch.inference_mode() 下运行：请用 '
                                    'Trainer(inference_mode=False) 并配合 torch.enable_grad()。'],
                                   ['dbg-closure-no-grad',
                                    'PyTorch Lightning 配合的优化器在 torch.no_grad() 下运行 step()，调用 closure 时又没有用 '
                                    'torch.enable_grad() 包起来（例如 Hugging Face 的 AdamW）：training_step '
                                    '在关闭记录的状态下运行；请在 training_step 开头调用 torch.set_grad_enabled(True)，或改用 '
                                    'torch.optim.AdamW。'],
                                   ['var-library-no-grad', '']],
                         'id': 'no-grad-fn',
                         'summary': '对背后没有计算图的张量调用了 backward()：没有任何需要梯度的张量参与计算（忘了 requires_grad、在 '
                                    'torch.no_grad() 里计算，或中途调用了 detach()）。'},
                        {'cases': [['pit-no-grad-fn', ''],
                                   ['cg-hvp',
                                    'PyTorch 0.3 措辞下的 Hessian 向量积错误：第一次求梯度没有加 '
                                    'create_graph=True，所以那个梯度没有计算图；请在第一次调用 torch.autograd.grad 时传入 '
                                    'create_graph=True。'],
                                   ['mem-ckpt-reentrant',
                                    '梯度检查点（use_reentrant=True）配合 LoRA '
                                    '或适配器（adapter）和冻结的嵌入层：至今仍有人因此遇到这条报错。所有可训练的权重都在输入不需要梯度的检查点块里，所以损失没有计算图；请改用 '
                                    'use_reentrant=False，或者让块的输入需要梯度（enable_input_require_grads()）。']],
                         'id': 'no-grad-fn-variables',
                         'summary': '同一个错误在 PyTorch 0.3 中的措辞，那时还有 Variable 类。'},
                        {'cases': [['var-grad-modes', ''], ['var-old-class', '']],
                         'id': 'variables-tuple-volatile',
                         'summary': 'PyTorch 0.3 及更早版本：对一个由 volatile=True 的 Variable 算出来的结果调用了 '
                                    'backward()；volatile 不记录计算图，而且优先于 requires_grad。在 2.13 上 volatile '
                                    '只会发出警告，同样的代码改报“element 0 of tensors does not require grad”。'},
                        {'cases': [['var-grad-modes', ''], ['var-old-class', '']],
                         'id': 'volatile-leaf-only',
                         'summary': 'PyTorch 0.3 及更早版本：对一个由运算算出来的 Variable（带有 grad_fn，例如 hook 收到的梯度）设置了 '
                                    '.volatile；在 2.13 上这一行只会发出警告：删掉它，需要新的叶子张量时用 detach().requires_grad_() '
                                    '创建。'},
                        {'cases': [['pit-no-grad-fn', ''],
                                   ['var-module-tensors',
                                    '加载量化（int4/int8）模型时报错：整数权重包进了 nn.Parameter，而 nn.Parameter 的 '
                                    'requires_grad 默认为 True；包装时请传入 requires_grad=False，或者改为注册成缓冲区。']],
                         'id': 'integer-requires-grad',
                         'summary': '用 requires_grad=True 创建了整数张量（报错信息以“Only”开头），或在创建之后才设置 requires_grad = '
                                    'True（以“only”开头）；只有浮点张量和复数张量才能有梯度。'},
                        {'cases': [['pit-no-grad-fn', ''],
                                   ['grad-func-errors',
                                    '把模型的缓冲区当作 torch.func.vjp 的 primal 传进去：vjp 会让每个 primal 都需要梯度，而 BatchNorm '
                                    '的 num_batches_tracked 是整数；只对参数求导。']],
                         'id': 'integer-requires-grad-method',
                         'summary': '对整数张量调用了 requires_grad_()；请先把它转成浮点张量。'},
                        {'cases': [['pit-leaf-device', '']],
                         'id': 'optimize-non-leaf',
                         'summary': '传给优化器的是非叶子张量，常见原因是在 requires_grad=True 之后才调用 .to(device) 或 '
                                    '.to(dtype)；请直接在设备上创建它，或使用 nn.Parameter。'},
                        {'cases': [['rg-wordings', '']],
                         'id': 'backward-twice-saved-variables',
                         'summary': '同一个错误在 PyTorch 1.9 前后的措辞，当时报错信息里写的还是 variables 而不是 tensors。'},
                        {'cases': [['cg-unused',
                                    '输出确实不依赖的输入：allow_unused=True 得到 None，materialize_grads=True 得到零。'],
                                   ['ddp-dataparallel-grad',
                                    'nn.DataParallel（或设置了 find_unused_parameters=True 的 '
                                    'DDP）返回的是潜在向量的副本：allow_unused=True 会让惩罚项悄无声息地变成零；请在 forward 里计算惩罚项。']],
                         'id': 'unused-input',
                         'summary': '向 torch.autograd.grad 请求了某个输入的梯度，而输出并不依赖这个输入；请传入 allow_unused=True（得到 '
                                    'None）或 materialize_grads=True（得到零）。'},
                        {'cases': [['cg-custom',
                                    '对 backward 标记了 @once_differentiable 的自定义 Function 做双重反向传播，并与在 detach() '
                                    '之后的张量上计算的 backward 对照。'],
                                   ['cf-once',
                                    '用 NumPy 或 CUDA 内核写的 backward 为什么要标记 '
                                    '@once_differentiable，以及对它再求导一次会怎样。']],
                         'id': 'once-differentiable',
                         'summary': '二阶梯度经过了一个自定义 autograd Function，而它的 backward 标记了 '
                                    '@once_differentiable；请用可微的 torch 运算编写它的 backward。'},
                        {'cases': [['cf-what-to-save',
                                    'gradgradcheck 报错：自定义 Function 的 backward 用了保存的中间结果，而自动求导把它当作常量。'],
                                   ['cf-gradcheck',
                                    'backward 没有错，gradcheck 却报错：输入是 float32 而不是 '
                                    'float64（之前会警告某个输入不是双精度），或者测试点正好落在不可导点上（例如 relu 在 0 处）。']],
                         'id': 'gradcheck-jacobian-mismatch',
                         'summary': 'torch.autograd.gradcheck 或 gradgradcheck 发现自动求导算出的导数与有限差分的结果不一致；如果是 '
                                    'gradgradcheck 报错，常见原因是自定义 Function 的 backward '
                                    '用了保存的中间结果，而中间结果对自动求导来说是常量。'},
                        {'cases': [['cf-func',
                                    '自己写的自定义 Function，forward 带有 ctx 参数：把保存张量的工作移到 setup_context。'],
                                   ['var-hooks-vmap',
                                    '在 vmap 或 grad 下使用带有完整反向钩子（register_full_backward_hook）的模块：钩子自己的 '
                                    'Function 没有 setup_context；改用 grad 获取中间输出的梯度，不要用钩子。']],
                         'id': 'func-setup-context',
                         'summary': '在 torch.func 的变换（vmap、grad、jacrev 等）下使用了自定义 autograd Function，而它的 '
                                    'forward 带有 ctx 参数；请把 forward 改成不带 ctx，并在 setup_context 静态方法中保存张量。'},
                        {'cases': [['var-hooks-vmap', '']],
                         'id': 'vmap-escaped-tensor',
                         'summary': 'torch.func.vmap 下的函数产生了一个张量，这个张量却留到了函数外面（钩子把它加进列表、存成全局变量，或在 forward '
                                    '里设成属性），程序又在 vmap 返回之后读取它；请改为由函数返回它；要获取它的梯度，就在这个张量上加一个零张量，再用 grad '
                                    '对这个零张量求梯度。'},
                        {'cases': [['cf-func', '']],
                         'id': 'func-vmap-support',
                         'summary': '对没有批处理规则的自定义 autograd Function 使用了 torch.func.vmap；请在类上设置 '
                                    'generate_vmap_rule = True，或编写一个 vmap 静态方法。'},
                        {'cases': [['cf-func', '']],
                         'id': 'functorch-autograd-function',
                         'summary': 'torch 1.13 及更早版本的措辞：在 vmap、grad 或 jacrev 下的函数调用了自定义 '
                                    'autograd.Function，而它常常藏在库里（例如 torchdiffeq 的 odeint 这类 ODE 求解器）。从 torch '
                                    '2.0 起，Function 只要有 setup_context 和 vmap 规则，就能在这些变换下运行；在库补上之前，先别用 '
                                    'vmap：把整个批量直接交给库，或者用普通的自动求导对样本逐个循环。'},
                        {'cases': [['grad-func-errors', ''], ['cg-hvp', ''], ['mem-ckpt-per-sample', '']],
                         'id': 'func-saved-tensor-hooks',
                         'summary': '反向模式的 torch.func 变换（grad、vjp、jacrev、hessian）遇到了保存张量钩子，最常见的是函数里 '
                                    'torch.utils.checkpoint(use_reentrant=False) 装上的那一个。检查点可以保留，改用 '
                                    'jacfwd、torch.autograd.functional.jacobian，或带 is_grads_batched=True 的 '
                                    'torch.autograd.grad 来求导数。'},
                        {'cases': [['cf-mark-dirty', '']],
                         'id': 'leaf-inplace-mark-dirty',
                         'summary': '自定义 autograd Function 用 ctx.mark_dirty 把一个需要梯度的叶子张量标记为已原地修改；请改用非叶子张量（例如 '
                                    'clone() 的结果），或在 torch.no_grad() 下调用。在较旧的版本中，对这类叶子张量做任何原地操作，报错都是这个措辞。'},
                        {'cases': [['cf-materialize', '']],
                         'id': 'materialize-grads-none',
                         'summary': '自定义 autograd Function 调用了 ctx.set_materialize_grads(False)，于是 backward '
                                    '收到的未使用输出的梯度是 None，却拿它做了乘法；使用每个梯度之前，请先检查它是否为 None。'},
                        {'cases': [['cf-backward-in-backward', ''], ['mem-ckpt-grad', '']],
                         'id': 'checkpoint-reentrant-grad',
                         'summary': '对 use_reentrant=True 的 torch.utils.checkpoint 使用了 torch.autograd.grad 或 '
                                    'backward(inputs=...)：它的 backward 会在内部再调用一次 backward()，满足不了这两种调用的要求；请传入 '
                                    'use_reentrant=False，或调用 backward() 时不传 inputs。'},
                        {'cases': [['mem-ckpt-reentrant', '']],
                         'id': 'checkpoint-none-output',
                         'summary': '以 use_reentrant=True 运行的 torch.utils.checkpoint '
                                    '块收到了需要梯度的输入，但反向传播重新计算它时，没有任何输出需要梯度：块对这个输入调用了 detach() '
                                    '或根本没用它，而且自身的权重已冻结；请直接调用这个块、不做检查点，或传入 use_reentrant=False。'},
                        {'cases': [['dbg-module-hooks', '']],
                         'id': 'module-hook-output-not-tensor',
                         'summary': '这是一条 UserWarning：注册了完整反向钩子的模块返回的不是张量或张量元组（而是库自己的对象，例如 SparseTensor，或 '
                                    'dict、dataclass），所以 PyTorch 跳过了这个钩子；请注册一个前向钩子，由它对输出内部的张量调用 '
                                    'register_hook，并返回 None。'},
                        {'cases': [['cf-ctx-attribute', ''], ['cf-errors', '']],
                         'id': 'function-ctx-attribute-missing',
                         'summary': '自定义 autograd Function 的 backward 读取了 ctx 上不存在的属性：通常是 backward 删掉了自己存在 '
                                    'ctx 上的张量（del ctx.x），之后又在 retain_graph=True 下运行了第二次；请用 '
                                    'ctx.save_for_backward 保存张量，交给引擎释放。'},
                        {'cases': [['cf-errors', '自定义 autograd Function 的 backward 返回的值，比 forward 接受的输入少或多。'],
                                   ['tc-custom-backend',
                                    '自定义 torch.compile 后端下的 CompiledFunctionBackward：后端编译出的 backward 丢掉了 '
                                    'AOTAutograd 反向计算图输出中的 None。']],
                         'id': 'function-gradient-count',
                         'summary': '自定义 autograd Function 的 backward 返回的值比 forward 在 ctx '
                                    '之后的参数少（或多）；请为每个参数各返回一个值，非张量参数或不需要梯度的输入返回 None。多返回的值必须全是 '
                                    'None，自动求导才会直接忽略它们。'},
                        {'cases': [['cf-errors', ''],
                                   ['tc-custom-backend',
                                    '节点是 CompiledFunctionBackward，模型在 eager 模式下能跑：这是 torch.compile 下编译器的 '
                                    'bug；找出出错的后端（eager、aot_eager、inductor），先绕过它，再提交 bug 报告。'],
                                   ['ddp-sharded-grad', '']],
                         'id': 'function-gradient-shape',
                         'summary': '自定义 autograd Function 的 backward 返回的梯度与对应输入的形状不同（索引从 forward 在 ctx '
                                    '之后的第一个参数算起）；请让每个梯度与其输入形状相同，例如通过扩展或求和得到该形状。'},
                        {'cases': [['cf-errors', '']],
                         'id': 'function-dirty-not-returned',
                         'summary': '自定义 autograd Function 把某个输入交给了 '
                                    'ctx.mark_dirty，却没有返回这个张量本身（返回的是副本或新张量）；请返回修改过的那个输入。报错时，输入的值已经变了。'},
                        {'cases': [['var-grad-modes', '']],
                         'id': 'inference-inplace',
                         'summary': '在 torch.inference_mode() 下创建的张量，离开该模式后又原地修改了它；请先用 clone() 复制一份，或改用 '
                                    'torch.no_grad()。'},
                        {'cases': [['var-grad-modes', ''], ['dbg-inference-tensors', '']],
                         'id': 'inference-saved',
                         'summary': '自动求导记录的某个运算需要为反向传播保存一个在 torch.inference_mode() '
                                    '下创建的张量（加法不保存任何张量，所以不会出错）；请在推理模式之外用 clone() 复制它，或改在 torch.no_grad() '
                                    '下创建。'},
                        {'cases': [['var-requires-grad', '']],
                         'id': 'requires-grad-non-leaf',
                         'summary': '对自动求导计算出的张量设置了 requires_grad；请用 .detach() 得到不带计算图的张量。'},
                        {'cases': [['var-register-hook', ''],
                                   ['dbg-module-hooks', '在 torch.no_grad() 下运行 Grad-CAM：挂了钩子的那一层，输出不需要梯度。']],
                         'id': 'hook-no-grad',
                         'summary': '对不需要梯度的张量调用了 register_hook；不会有梯度流经它。'},
                        {'cases': [['var-reinforce', '']],
                         'id': 'reinforce-removed',
                         'summary': '这是 PyTorch 0.2 时代的策略梯度代码；请改用 torch.distributions 和 log_prob 写出损失。'},
                        {'cases': [['var-detach', '']],
                         'id': 'detach-view',
                         'summary': '对另一个张量的视图调用了 detach_()；请改用返回新张量的 detach()。'},
                        {'cases': [['ddp-ready-twice', '']],
                         'id': 'ddp-ready-twice',
                         'summary': '在 DistributedDataParallel '
                                    '下，某个参数的梯度钩子（hook）在一次迭代中触发了两次：常见原因是可重入（reentrant）的激活检查点配合 '
                                    'find_unused_parameters=True、每一步做两次反向传播，或在 forward 之外使用参数；请对求和后的损失只调用一次 '
                                    'backward()、使用 static_graph=True，或改用 use_reentrant=False。'},
                        {'cases': [['ddp-anomaly-dtensor', '']],
                         'id': 'dtensor-is-any-true',
                         'summary': '在张量并行（torchtitan）下，异常检测模式（set_detect_anomaly(True)、detect_anomaly()）对 '
                                    'DTensor 梯度做 NaN 检查：DTensor 没有这项检查所用算子的规则；请改用 '
                                    'detect_anomaly(check_nan=False)，再自己检查每个进程的分片 p.grad.to_local() 里有没有 '
                                    'NaN。'},
                        {'cases': [['ddp-unused', '']],
                         'id': 'ddp-unused',
                         'summary': '在 DistributedDataParallel 下，上一步有些参数没有得到梯度（某个输出头没有计入损失、某个分支这次没有走到，或者在构建 '
                                    'DDP 之后才冻结某个输出头），所以 DDP 的平均一直没有完成；请在构建 DDP 时设置 '
                                    'find_unused_parameters=True 或 static_graph=True，或者在包装之前就先冻结；设置 '
                                    'TORCH_DISTRIBUTED_DEBUG=INFO 可以列出这些参数的名称。'},
                        {'cases': [['ddp-unused', '']],
                         'id': 'ddp-not-needed',
                         'summary': '把一个没有任何参数需要梯度的模块（只用来计算损失的冻结网络，例如感知损失里的 VGG）包进了 '
                                    'DistributedDataParallel；只包装要训练的模型，冻结的网络在每个进程上直接调用即可。'},
                        {'cases': [['ddp-unused', '']],
                         'id': 'ddp-undefined-grad-allreduced',
                         'summary': '在 DistributedDataParallel 下设置了 '
                                    'find_unused_parameters=True，一次前向传播之后对每个损失各做一次反向传播：第一次反向传播就已经结束了这次迭代，之后的反向传播都没有求平均；调用 '
                                    'zero_grad() 之后，下一步就抛出这个错误。这不是 DDP 的 bug：请对求和后的损失只调用一次 backward()。'},
                        {'cases': [['tc-double', '对用 torch.compile 编译的区域求二阶导数（create_graph=True）。'],
                                   ['tc-alternatives', '梯度惩罚或其他二阶导数改用哪些可行的写法。']],
                         'id': 'compile-double-backward',
                         'summary': '以 create_graph=True 求出的梯度经过了 torch.compile（aot_eager 或 '
                                    'inductor）编译的区域，之后又对它求了一次导；编译后的反向传播不能再求导。'},
                        {'cases': [['tc-ca-double', '']],
                         'id': 'compiled-autograd-higher-order',
                         'summary': '编译式自动求导（compiled autograd）在以 create_graph=True '
                                    '记录梯度时遇到了编译区域的反向传播；请让前向传播保持 eager 模式，或用 torch.func 编写惩罚项。'},
                        {'cases': [['tc-donated', '']],
                         'id': 'donated-buffers-retain',
                         'summary': '编译区域的反向传播在编译时设定为复用保存的张量的内存，即捐赠缓冲区（donated buffers）；之后却有一次反向传播用 '
                                    'retain_graph=True 或 create_graph=True '
                                    '要求保留这些张量（例如梯度惩罚的内层梯度经过编译后的判别器，而判别器的反向传播已经执行过一次）。'},
                        {'cases': [['tc-graph-break', '']],
                         'id': 'compile-context-reentered',
                         'summary': 'torch 2.13.0 中 torch.compile 的一个 bug：损失由几个以图中断（graph '
                                    'break）分隔的编译区域组成时，这些区域编译出的反向传播都在同一个共享的 contextvars '
                                    '上下文中运行；其中一个还在运行时，另一个就无法进入。PyTorch 后来已经修复了这个 bug（这一节列出了修复的 pull '
                                    'request）；在你使用的版本包含修复之前，请移除把损失分割开来的图中断。'},
                        {'cases': [['pit-leaf-inplace', ''], ['grad-input', ''], ['var-module-tensors', '']],
                         'id': 'leaf-inplace',
                         'summary': '梯度模式开启时，原地修改了你用 requires_grad=True 创建的张量（或参数），例如 w -= lr * w.grad；请在 '
                                    'torch.no_grad() 下更新，不要通过 .data 修改。'},
                        {'cases': [['pit-leaf-inplace', '']],
                         'id': 'leaf-view-inplace',
                         'summary': '梯度模式开启时，通过视图（w[0]、w.view(...)）原地修改了需要梯度的叶子张量，例如 w[0] = 0；请改在 '
                                    'torch.no_grad() 下写入。'},
                        {'cases': [['pit-leaf-inplace',
                                    '对需要梯度的叶子张量原地写入（目前的版本在写入那一行就会拒绝），以及修复方法：torch.no_grad() 或非原地的写法。'],
                                   ['int-leaf-moved',
                                    '这条报错信息从哪里来（AccumulateGrad 的检查）、为什么旧版本要到 backward() 才报错，以及在 torch 2.13 '
                                    '上仍会走到它的路径：先关掉 requires_grad，再用需要梯度的张量做原地操作。']],
                         'id': 'leaf-moved-into-graph',
                         'summary': '执行 backward() 时，叶子张量的 AccumulateGrad 节点发现这个叶子张量现在有了 '
                                    'grad_fn：计算图建好之后，有代码在梯度模式开启时原地修改了它。1.8 之前的版本允许通过视图原地写入需要梯度的叶子张量（w[0] = '
                                    '0、切片赋值），到这里才报错；之后的版本在写入的那一行就会拒绝。修改叶子张量请放在 torch.no_grad() '
                                    '下；如果这个修改本来就是模型的一部分，就改用非原地的方式计算。'},
                        {'cases': [['pit-leaf-inplace', '']],
                         'id': 'leaf-inplace-at-backward',
                         'summary': '同一个错误在 2017 年的措辞：原地修改了需要梯度的叶子张量（用 weight[:] = ... 赋值的参数、传进 inplace=True '
                                    '激活函数的输入），而当时的版本要到 backward() 才报错；现在的版本在原地操作发生时就会报错。请在 torch.no_grad() '
                                    '下写入叶子张量，或改用非原地运算。'},
                        {'cases': [['pit-leaf-out', '']],
                         'id': 'out-arg-requires-grad',
                         'summary': '梯度模式开启时，某个运算收到了 out= 参数，要把结果写进已有的张量，而它用到的张量中有一个需要梯度；请改为把结果赋给变量（y = x + '
                                    '1），或在 torch.no_grad() 下写入。'},
                        {'cases': [['pit-view-inplace', '']],
                         'id': 'multi-output-view-inplace',
                         'summary': '原地修改了 split、chunk 或 unbind 返回的某个视图（因版本不同，报错信息里写作 SplitBackward0、Split 或 '
                                    'Unbind），例如 log_std.clamp_(...)；请改用非原地的运算。'},
                        {'cases': [['pit-view-inplace', '']],
                         'id': 'no-grad-view-inplace',
                         'summary': '在 torch.no_grad() 内取了视图，却在代码块之外原地修改它；请把取视图和修改放在同一侧，或者改为修改用 clone() '
                                    '复制出的张量。'},
                        {'cases': [['var-today',
                                    'PyTorch 0.3 的代码把 volatile=True 传给 Variable：Variable 和 volatile 现在的作用。'],
                                   ['var-grad-modes',
                                    '取代 volatile=True 的做法：torch.no_grad()、torch.inference_mode() 和 '
                                    'set_grad_enabled，以及三者的区别。']],
                         'id': 'volatile-removed',
                         'summary': '这是一条 UserWarning：PyTorch 0.3 代码中的 Variable(..., volatile=True) 或 '
                                    '.volatile = True 从 0.4 起已不起任何作用；请在 torch.no_grad() 或 '
                                    'torch.inference_mode() 下做推理。'},
                        {'cases': [['var-today', '旧代码读取 .volatile，而它永远是 False：Variable 和它的标志现在是什么样子。'],
                                   ['var-grad-modes',
                                    '取代 volatile 的梯度模式：torch.no_grad()、torch.inference_mode() 和 '
                                    'set_grad_enabled。']],
                         'id': 'volatile-read',
                         'summary': '这是一条 UserWarning：旧代码读取了 .volatile，而这个属性从 PyTorch 0.4 起始终为 False；请改为调用 '
                                    'torch.is_grad_enabled() 或 torch.is_inference_mode_enabled()。'},
                        {'cases': [['cg-grad-vs-backward',
                                    'backward(create_graph=True) 把记录下来的梯度存进 .grad：这条警告，以及 '
                                    'torch.autograd.grad 为什么改为直接返回梯度。'],
                                   ['cg-cycle',
                                    '为什么会泄漏：p 持有 p.grad，p.grad 持有它的计算图，计算图又持有 p；把 .grad 设为 '
                                    'None（optimizer.zero_grad()）就能打破这个循环。'],
                                   ['ddp-param-grad',
                                    '在 DistributedDataParallel 下，backward(create_graph=True) 先发出这条警告，接着在 '
                                    'reducer 里报错：对参数梯度加惩罚项时，请改用 torch.autograd.grad。']],
                         'id': 'create-graph-cycle',
                         'summary': '这是一条 UserWarning：backward(create_graph=True) 存入 .grad '
                                    '的梯度带着一张连回参数本身的计算图，形成循环引用，让计算图一直存活；请改用 torch.autograd.grad(..., '
                                    'create_graph=True)，或在用完后把每个 .grad 设为 None。'},
                        {'cases': [['pit-non-leaf-grad',
                                    '读取中间张量的 .grad：在 backward() 之前调用 retain_grad()，或者改为读取叶子张量的 .grad。'],
                                   ['pit-grad-none', 'backward() 之后 .grad 仍是 None 的所有原因，这条警告只是其中之一。'],
                                   ['pit-leaf-device',
                                    '在 requires_grad=True 之后才用 .to() 或 .cuda() 移动张量，移动后的副本因此成了非叶子张量。'],
                                   ['var-retain-grad',
                                    '保留非叶子张量的梯度：retain_grad() 会把梯度存进 .grad，第二次反向传播还会累加上去。']],
                         'id': 'non-leaf-grad',
                         'summary': '这是一条 UserWarning（旧版本的警告以“for more informations”结尾）：代码读取了中间张量的 '
                                    '.grad，得到的是 None；请在 backward() 之前对该张量调用 retain_grad()，或改为读取叶子张量的 .grad。'},
                        {'cases': [['mem-oom', '训练或评估时内存不足：看懂内存的各项数字，找出原因。'],
                                   ['mem-what-grows', '每轮迭代增长的是什么：训练循环中本该保持不变的内存，以及是什么留住了之前迭代的计算图。'],
                                   ['mem-gc', '内存不足后重试又失败：只有垃圾回收器才会释放的回溯信息（traceback）。'],
                                   ['pit-running-loss', '以张量形式累加的损失总和，留住了每一轮迭代的计算图。']],
                         'id': 'cpu-out-of-memory',
                         'summary': 'CPU 内存分配器申请不到张量所需的内存（Windows 上的报错信息写作“not enough memory”）；CUDA 上对应的报错是 '
                                    'torch.OutOfMemoryError: CUDA out of memory。调小批量大小之前，先找出哪些内存随迭代不断增长。'},
                        {'cases': [['dbg-anomaly-nan', ''],
                                   ['pit-data-parallel-loss',
                                    '停在 BroadcastBackward（使用 nn.DataParallel 和 GradScaler 时）：各副本的无穷大梯度相加成了 '
                                    'NaN；这种梯度本来就在缩放器的预料之中，它会跳过那一步。'],
                                   ['var-anomaly', '']],
                         'id': 'anomaly-nan',
                         'summary': '异常检测模式在某个反向节点返回的梯度中发现了 NaN。第 N 个输出是该运算第 N 个参数的梯度，从 0 开始数（PowBackward1 的 '
                                    '1th output 就是指数的梯度）。常见原因：底数为负的幂运算，在 0 处的 sqrt、log 或除法，torch.where '
                                    '的陷阱，或者前向传播就已产生的 NaN（整行都遮住的 softmax）。'},
                        {'cases': [['dbg-anomaly-nan', '']],
                         'id': 'anomaly-no-forward-info',
                         'summary': '执行 backward() 时开启了异常检测模式，前向传播时却没有开启，所以出错的节点没有前向传播的回溯信息：每个节点在创建时才记下 '
                                    'Python 调用栈。前向传播也要在异常检测模式下运行（在训练循环之前调用 set_detect_anomaly(True)）。'},
                        {'cases': [['int-accumulator', '']],
                         'id': 'saved-leaf-no-accumulator',
                         'summary': '只出现在旧版：反向传播要解包一个需要梯度、已保存的叶子张量，但这个叶子张量的 AccumulateGrad '
                                    '节点只靠弱指针记着，早已不在了，因为计算图里没有任何一条边持有它（某个节点保存了不属于自己输入的叶子张量）。提问者的解决办法是在 R1 '
                                    '梯度惩罚之后，把那批数据的 requires_grad 改回 False，或者不经过 checkpoint 直接调用那个模块；torch '
                                    '2.13 不会再出现这个错误。'},
                        {'cases': [['dbg-numpy', '']],
                         'id': 'numpy-requires-grad',
                         'summary': '对仍属于计算图的张量调用了 numpy()（np.asarray、matplotlib 和 scikit-learn 也会替你调用）；请改用 '
                                    'tensor.detach().cpu().numpy()，单个数值则用 .item()。'},
                        {'cases': [['dbg-numpy', '']],
                         'id': 'scalar-requires-grad',
                         'summary': '对需要梯度的张量（例如损失）调用了 float()；改用 loss.item() 能得到同一个数值，而且不会出现警告。'},
                        {'cases': [['tc-autograd-function', '']],
                         'id': 'saved-variables-deprecated',
                         'summary': '自定义 autograd.Function 读的是 ctx.saved_variables，也就是 ctx.saved_tensors 在 '
                                    '0.x 版本里的名字。eager 模式的 autograd 仍能运行，torch.compile 却追踪不了（Function 退回 '
                                    'eager 模式运行，在 fullgraph=True 下则直接报错）：请改读 ctx.saved_tensors。'},
                        {'cases': [['dbg-module-hooks', '']],
                         'id': 'non-full-backward-hook',
                         'summary': 'register_backward_hook 已弃用：它的钩子看到的是模块中最后一个运算的梯度，而不是模块输入的梯度。请改用 '
                                    'register_full_backward_hook。'},
                        {'cases': [['dbg-module-hooks', '']],
                         'id': 'full-backward-hook-no-input-grad',
                         'summary': '模块的输入都不需要梯度（例如作为数据的图像），所以完整反向钩子运行时 grad_input 全是 None；如果需要对输入的梯度，请对输入调用 '
                                    'requires_grad_()。'},
                        {'cases': [['dbg-module-hooks', '']],
                         'id': 'mixed-backward-hooks',
                         'summary': '模块一旦注册过 register_backward_hook 的钩子，即使已经调用 handle.remove()，也不再接受 '
                                    'register_full_backward_hook；请重新创建模块。'},
                        {'cases': [['dbg-module-hooks', '']],
                         'id': 'backward-hook-inplace',
                         'summary': '带有完整反向钩子的模块后面跟着原地操作，例如 nn.ReLU(inplace=True)；请改用前向钩子加张量钩子（Grad-CAM '
                                    '的做法），或者改用非原地的 ReLU。'},
                        {'cases': [['dbg-jit-hooks', '']],
                         'id': 'scriptmodule-not-supported',
                         'summary': '在 torch.jit.script 编译过的模型上注册了模块钩子：ScriptModule 没有反向钩子，编译之前挂在 eager '
                                    '模块上的反向钩子也从来不触发。请在 eager 模块上调试，或者对进出编译后模型的张量注册张量钩子（register_hook）。'},
                        {'cases': [['mem-oom', '训练或评估时内存不足：看懂内存的各项数字，找出原因。'],
                                   ['mem-allocator', '已分配与预留的显存，以及为什么 empty_cache() 对自己进程的这个错误没有帮助。'],
                                   ['mem-what-grows', '每轮迭代增长的是什么：训练循环中本该保持不变的内存，以及是什么留住了之前迭代的计算图。'],
                                   ['mem-gc', '内存不足后重试又失败：只有垃圾回收器才会释放的回溯信息（traceback）。'],
                                   ['mem-val-oom', '训练跑得动，验证却显存不足：输入比训练时大、没有 torch.no_grad()、为计算指标而保留的输出。'],
                                   ['mem-oom-batch-one',
                                    '批量大小调到 1 还是显存不足：单个输入的大小（图块的边长、序列长度、图的边数）决定了激活值的大小，批量再小也一样。'],
                                   ['mem-second-step', '第一步放得下，第二步却显存不足：优化器的状态在第一次 step() 时才创建。'],
                                   ['pit-running-loss', '以张量形式累加的损失总和，留住了每一轮迭代的计算图。']],
                         'id': 'cuda-out-of-memory',
                         'summary': 'GPU 上的 '
                                    'torch.OutOfMemoryError：缓存分配器即使把缓存的块还给了驱动程序，仍然找不到张量所需的显存。调小批量大小之前，先找出哪些显存随迭代不断增长，或者是什么留住了计算图；报错信息中“reserved '
                                    'but unallocated”的数字如果很大，说明显存碎片化了。'},
                        {'cases': [['mem-ckpt-reentrant',
                                    '网络的第一个块以 use_reentrant=True 对数据做检查点：它的参数永远得不到梯度。']],
                         'id': 'checkpoint-no-input-requires-grad',
                         'summary': '这是 torch.utils.checkpoint 在 use_reentrant=True 时发出的 '
                                    'UserWarning：检查点块的张量参数没有一个需要梯度（例如网络的第一个块直接接收数据），所以它的输出没有计算图，块的参数也得不到梯度，悄无声息地停止了训练。请改用 '
                                    'use_reentrant=False。'},
                        {'cases': [['grad-clip', ''], ['dbg-anomaly-nan', ''], ['grad-amp', '']],
                         'id': 'clip-nonfinite',
                         'summary': '用 error_if_nonfinite=True 调用 clip_grad_norm_ 时，某个梯度是 inf 或 '
                                    'NaN；不加这个参数的话，它会返回非有限的范数，并让所有梯度都变成 '
                                    'NaN。先找出是哪个参数，再找原因（损失本身、某个运算的导数，或混合精度下经过缩放的梯度）。'},
                        {'cases': [['cf-errors', '']],
                         'id': 'function-legacy-non-static',
                         'summary': '自定义 autograd Function 用的是 PyTorch 0.3 的写法（forward 和 backward 是使用 self '
                                    '的方法，并以 MyFunction()(x) 调用实例）；请把两个方法都改成以 ctx 为第一个参数的静态方法，并改用 '
                                    'MyFunction.apply(x) 调用。'},
                        {'cases': [['cf-need-function', '']],
                         'id': 'function-backward-not-implemented',
                         'summary': '自定义 autograd Function 只定义了 forward、没有 '
                                    'backward（torch/autograd/function.py 里默认的 backward 会抛出这个错误）。自动求导看不到 '
                                    'forward 里的运算，也就无法对它们求导：如果每一步都是 PyTorch 运算，就去掉这个 Function，改写成普通函数或 '
                                    'nn.Module；否则请自己写 backward。'},
                        {'cases': [['cf-errors', '']],
                         'id': 'function-backward-not-implemented-old',
                         'summary': '自定义 Function 没有自己的 backward 时的旧版措辞。在 torch 1.7 及其前后的版本中，即使 Function 定义了 '
                                    'backward，只要 forward 没有加 @staticmethod，也会报这个错：apply 记录的是基类的节点，而它的 '
                                    'backward 正是这个默认实现。请用 @staticmethod 装饰 forward 和 backward；torch 2.13 '
                                    '则能直接运行这样的类。'},
                        {'cases': [['cf-errors', '']],
                         'id': 'function-forward-output-none',
                         'summary': '某个自定义 Function 的 forward（.forward 前面的名称去掉 Backward 就是它）返回了 '
                                    'None，而旧版本要求这里是张量；常见于为另一个 torch 版本构建的库中的 Function。请安装与你的 torch '
                                    '匹配的库版本，或升级 torch（新版接受 None 输出）；retain_graph=True 修不好这个错误。'},
                        {'cases': [['grad-not-implemented', ''],
                                   ['cg-attention', ''],
                                   ['cg-gradient-penalty', '']],
                         'id': 'derivative-not-implemented',
                         'summary': '自动求导没有报错信息所指运算的导数（哪个运算都有可能；较旧的版本打印名称时不带 aten::）。名称以 _backward '
                                    '结尾，说明缺的是二阶导数，是梯度惩罚或 Hessian 经过了它：用可求导的运算改写同一个函数、用自定义 Function 自己写 '
                                    'backward，或者在 PyTorch 后来已补上导数时升级（grid_sample 的二阶导数在 2026 年加入）。'},
                        {'cases': [['grad-not-implemented', ''], ['cg-gradient-penalty', '']],
                         'id': 'derivative-not-implemented-formula',
                         'summary': '缺少导数的另一种措辞，出现在 PyTorch 把某个输入的公式标为 not_implemented 的时候：名称以 _backward '
                                    "结尾（'_cdist_backward'）的是二阶导数，其他名称（'igamma: "
                                    "input'、'zeta'）则是一阶导数。用可求导的运算改写同一个函数，或者在自定义 Function 里自己写 "
                                    'backward（手头没有公式时用有限差分，再用 gradcheck 检查），或者在较新的版本已有公式时升级（torch 2.14 补上了 '
                                    "'_cdist_backward'）。"},
                        {'cases': [['grad-not-implemented', '']],
                         'id': 'sparse-reshape-not-implemented',
                         'summary': '稀疏梯度传到了一个在反向传播中要对它做 reshape 的运算，典型情况是把稠密权重 view 成可广播的形状，乘以堆叠起来的稀疏矩阵（sp '
                                    '* w.view(-1, 1, 1)）；请让每个稀疏矩阵各乘一个标量权重再相加，或者把权重乘在 torch.sparse_coo_tensor '
                                    '的 values 上。'},
                        {'cases': [['grad-forward-missing', '']],
                         'id': 'forward-ad-not-implemented',
                         'summary': '前向模式的变换（torch.func.jvp、jacfwd、hessian（即 jacfwd(jacrev)）、对偶张量，或 '
                                    "strategy='forward-mode' 的 "
                                    'jacobian）遇到了只有反向公式、没有前向公式的运算：融合注意力内核、grid_sample、cdist，以及某些设备的内核。请留在反向模式：Hessian '
                                    '矩阵用 jacrev(jacrev(f))，Hessian 向量积用 grad(f) 的 vjp，雅可比向量积用 '
                                    'torch.autograd.functional.jvp；或者改用具备这条公式的内核（注意力的 math 后端）。'},
                        {'cases': [['grad-gradient-arg', '']],
                         'id': 'grad-output-shape',
                         'summary': '传给 backward(gradient) 或 autograd.grad(grad_outputs=) '
                                    '的梯度，形状和它对应的张量不一致：output[0] 是你的张量，grad_output[0] 是你传入的梯度。旧的 WGAN 代码对 0 '
                                    '维的损失传入 torch.FloatTensor([1])：改写成 (-loss).backward()，或者用 '
                                    'torch.ones_like(output) 构造梯度。'},
                        {'cases': [['grad-gradient-arg', '']],
                         'id': 'grad-output-shape-invalid-gradient',
                         'summary': '同一个形状检查的旧版措辞：传给 backward(gradient=...) 的梯度，形状和调用 backward 的那个张量不一致，例如 '
                                    'Grad-CAM 代码对求和的结果（形状 []）传入了与 logits 形状相同的 [10, 2] 梯度。请对这个标量调用不带梯度的 '
                                    'backward()，或者改为对 logits 调用 backward 并传入这个梯度。'},
                        {'cases': [['ddp-dataparallel-replica-grad', '']],
                         'id': 'multi-output-view-base-modified',
                         'summary': '某个函数返回了自己输入的多个视图（例如自定义 Function 原样返回输入，DataParallel 的 Broadcast '
                                    '就是这样把参数本身交给第一块 GPU '
                                    '作为拷贝）；其中一个视图的基张量经过原地修改之后，程序又用到了这个视图，常见的原因是同一张计算图的两次反向传播之间调用了 '
                                    'optimizer.step()。请在优化步骤之前做完所有反向传播，或者改为返回 clone()。'},
                        {'cases': [['ddp-dataparallel-grad', ''],
                                   ['cg-custom',
                                    '前面是别的名称（例如 SRU_Compute_GPULegacyBackward）：库里的自定义 Function，backward 是 '
                                    'CUDA 内核，又碰上梯度惩罚。']],
                         'id': 'scatter-not-twice-differentiable',
                         'summary': '在 PyTorch 0.2 上，通过包在 nn.DataParallel 里的模型计算梯度惩罚（像 WGAN-GP 或 DRAGAN 那样以 '
                                    'create_graph=True 调用 autograd.grad）：那个版本中，DataParallel 用来分发批量数据的 '
                                    'Scatter 无法二次求导。修复方法是升级：从 0.3.0 起，Scatter 和 Gather 的 backward '
                                    '函数本身也可以求导（见 2.13 版的 torch/nn/parallel/_functions.py），梯度惩罚无需改写，就能直接通过 '
                                    'DataParallel 计算。前面换成别的名称时（例如 0.3 版的 '
                                    'SRU_Compute_GPULegacyBackward），同样的字句表示那个自定义 Function 的 backward（常常是 '
                                    'CUDA 内核）无法再求导：见自定义 Function 的情况。'},
                        {'cases': [['grad-gradient-arg', ''], ['pit-non-scalar', '']],
                         'id': 'complex-backward',
                         'summary': '对复数标量调用了不带 gradient 的 '
                                    'backward()；只有实数值的损失才有梯度。改为对模（.abs()）或实部做归约：把复数差直接平方（z ** '
                                    '2）得到的损失仍是复数，|z| ** 2 才是实数。较旧的版本会悄悄地只对实部求导。'},
                        {'cases': [['grad-func-errors', ''], ['cg-per-sample', '']],
                         'id': 'functorch-requires-grad',
                         'summary': '传给 torch.func.grad、vmap 或 jacrev 的函数调用了 requires_grad_()，或者调用了内部会用到它的 '
                                    'torch.autograd.functional.jacobian、hessian。在变换内部，输入早已处于追踪之中：所有导数都用变换本身来求。'},
                        {'cases': [['grad-func-errors', ''], ['cg-per-sample', '']],
                         'id': 'functorch-backward',
                         'summary': '传给 vmap 或 torch.func.grad 的函数调用了 loss.backward()。逐样本梯度要用 '
                                    'vmap(grad(loss_fn)) 来求，模型参数通过 functional_call 传入，而不是对每个样本调用 '
                                    'backward()。'},
                        {'cases': [['grad-func-errors', '']],
                         'id': 'vmap-item',
                         'summary': '在 vmap 之下的函数把张量转成了 Python 数字（.item()、float()、int()，或者用张量做会触发这种转换的索引）；在 '
                                    'vmap 之下，一次调用代表整个批量，没有单个数字可取。让这个值保持为张量。'},
                        {'cases': [['grad-func-errors', '']],
                         'id': 'vmap-item-functorch',
                         'summary': 'vmap 遇到 .item() 时，functorch 早期的报错措辞：在 vmap 之下的函数调用了 .item()（或 '
                                    'float()、int()），而一次调用代表整个批量，没有单个数字可取。让这个值保持为张量，直接用它做索引，不要先转成 Python 数字。'},
                        {'cases': [['dbg-history', '']],
                         'id': 'functorch-new-args',
                         'summary': '早期 functorch（2021 年）的 bug：把 make_functional 返回的参数元组作为一个参数交给 '
                                    'jacrev（单独使用，或者为了逐样本梯度放在 vmap '
                                    '之下），它却把元组拆开了；报错最后的数字就是元组里的张量个数。几天内就修复了；torch 2.0 以后请改用 '
                                    'torch.func，把参数放进字典，再调用 functional_call。'},
                        {'cases': [['grad-func-errors', '']],
                         'id': 'vmap-dynamic-shape',
                         'summary': '在 vmap 中（逐样本梯度、vmap(jacrev(...))），有些运算的输出形状取决于数值（这里是通过布尔掩码索引或赋值，nonzero '
                                    '也一样），无法为整个批量给出同一个形状；请改用 torch.where，在完整的形状上算出两个分支。'},
                        {'cases': [['grad-func-errors', '']],
                         'id': 'vmap-control-flow',
                         'summary': '在 vmap 之下的函数在 if 或 while 里用到了张量（if x.sum() > '
                                    '0:）；批量里的每个样本可能要走不同的分支。两边都算出来，再用 torch.where 逐元素选取。'},
                        {'cases': [['grad-func-errors', '']],
                         'id': 'vmap-item-or-control-flow',
                         'summary': '在 vmap(jacrev(...)) 或 vmap(grad(...)) 下的函数把张量转成了 Python '
                                    '数字，或者根据张量的值决定分支（对张量写 if 或 while，例如自适应 ODE '
                                    '求解器的停止条件）；一次调用代表整个批量，没有单一的答案。让值保持为张量，把 if 改写成 torch.where；循环长度取决于数据时，就在 '
                                    'Python 里对样本逐个循环，或者对求解器自身的批量调用先沿批量求和再求导。'},
                        {'cases': [['grad-func-errors', '']],
                         'id': 'functorch-captured-mutation',
                         'summary': '在 torch.func.grad、jacrev、jacfwd 或 vjp '
                                    '之下的函数，原地写入了一个不是作为输入传进来的张量；最常见的是训练模式下的 BatchNorm 原地更新它的滑动统计量。把缓冲区通过 '
                                    'functional_call 作为输入传进去、改用 eval()，或者调用 '
                                    'torch.func.replace_all_batch_norm_modules_。'},
                        {'cases': [['gb-batchnorm', '']],
                         'id': 'batchnorm-running-stats-grad',
                         'summary': 'batch_norm 在 running_mean（或 running_var）的位置上收到了需要梯度的张量：滑动统计量的缓冲区被改成了 '
                                    'Parameter，或者是从带有计算图的张量复制来的；也可能是 torch.batch_norm '
                                    '的参数顺序让权重落到了这个位置。统计量要作为不需要梯度的缓冲区传入，自己调用时先对它们调用 detach()。'},
                        {'cases': [['grad-overlap', '']],
                         'id': 'overlap-written-to',
                         'summary': '原地操作写入的张量是 expand（或其他步长为 0 的视图）生成的，它的元素共享内存。写入之前先调用 .clone()（或改用 '
                                    'repeat），或者改成非原地的更新。'},
                        {'cases': [['grad-overlap', '']],
                         'id': 'overlap-input-written-to',
                         'summary': '一次写入的来源是目标本身的视图，例如 x[1] = x[1].transpose(0, 1)。先对来源调用 .clone()。'},
                        {'cases': [['grad-nondiff', ''], ['cf-non-differentiable', '']],
                         'id': 'isfloating-grads',
                         'summary': 'PyTorch 1.5 及以前：backward() 把梯度送进了一个需要梯度的整数张量，它是 argmax 或 argsort '
                                    '的结果，或者是自定义 Function 的整数输出（点云代码里的最远点采样或分组）。在 Function 的 forward 里对索引调用 '
                                    'ctx.mark_non_differentiable，或者对它调用 detach()；现在的版本不会让整数张量需要梯度。'},
                        {'cases': [['grad-nondiff', ''], ['cf-non-differentiable', '']],
                         'id': 'isfloating-grads-type',
                         'summary': '同一个错误在 PyTorch 1.3 和 1.4 中的措辞：梯度送进了一个需要梯度的整数张量，通常是自定义 Function '
                                    '的索引输出，而它没有调用 ctx.mark_non_differentiable。'},
                        {'cases': [['pit-loss-number', '']],
                         'id': 'number-has-no-backward',
                         'summary': '对 Python 数字而不是张量调用了 backward()：遇到没有东西可比较的批量（例如没有目标框的图像）时，损失函数返回了 '
                                    '0（或浮点数）；请返回 pred.sum() * 0，或者跳过这一步。'},
                        {'cases': [['grad-func-errors', '']],
                         'id': 'vmap-inplace-extra-args',
                         'summary': '在 vmap '
                                    '之下的函数把一个带批量维度的值，原地写进它自己按固定形状创建的张量（torch.zeros(x.shape)、torch.zeros(n)）；整个批量共用这一个缓冲区，无法为每个样本各存一个值。请改用 '
                                    'torch.zeros_like(x) 或 x.new_zeros(...) '
                                    '从输入创建它，或者不用原地写入来拼出结果（torch.stack、torch.cat、torch.where）。'},
                        {'cases': [['grad-func-errors', '']],
                         'id': 'batchnorm-input-dim',
                         'summary': 'BatchNorm2d 收到的张量少了批量维度：在 vmap '
                                    '之下（逐样本梯度、vmap(jacrev(model))），每次调用看到的是一个形状为 [C, H, W] 的样本；不在 vmap '
                                    '之下时，则是传入单张图像却没有调用 '
                                    'unsqueeze(0)。请给模型一个批量：model(x.unsqueeze(0)).squeeze(0)。'},
                        {'cases': [['cg-hvp', '']],
                         'id': 'func-grad-output',
                         'summary': 'torch.func.grad 求导的是只返回一个标量张量的函数，而这个函数返回了别的东西：最常见的是对“以参数字典为输入的损失”写 '
                                    'grad(grad(f))，内层 grad 返回了一个梯度字典。二阶导数是梯度的雅可比矩阵：请用 torch.func.hessian(f) '
                                    '或 jacrev(grad(f))；如果只需要 Hessian 向量积，就用 jvp(grad(f), ...)。'},
                        {'cases': [['ddp-grad-strides', '']],
                         'id': 'ddp-grad-strides',
                         'summary': '这是 DDP 的归约器（reducer）发出的 UserWarning：某个梯度的步长和它的参数在构建 DDP 时的步长不同。如果只在长度为 '
                                    '1 的维度上不同（例如 1x1 卷积的权重，输入是 '
                                    'channels_last），梯度本身没有错，代价只是一次按步长的复制，可以直接屏蔽这个警告。要把模型转成 '
                                    'channels_last，请在包进 DDP 之前做，不要在之后。'},
                        {'cases': [['mem-ckpt-metadata', '']],
                         'id': 'checkpoint-recomputed-metadata',
                         'summary': '不可重入的 checkpoint 在反向传播时重跑这个块，第二次保存的张量在形状、dtype '
                                    '或设备上和第一次不同：块除了输入之外还读了某个状态，而它在两次之间变了，例如键值缓存（use_cache=True）、分片库已经释放掉的参数，或路由器的统计量。请把这类状态移出块。'},
                        {'cases': [['cg-not-require', ''], ['cg-unused', '']],
                         'id': 'grad-input-no-requires-grad',
                         'summary': '向 torch.autograd.grad 请求了某个张量的梯度，而这个张量不需要梯度：通常是 model.parameters() '
                                    '列出的冻结参数，或者从未标记过的输入。请只传入需要梯度的张量（[p for p in model.parameters() if '
                                    'p.requires_grad]），或先对输入调用 requires_grad_()；allow_unused=True 帮不上忙。'},
                        {'cases': [['cf-func', '']],
                         'id': 'function-jvp-missing',
                         'summary': '前向模式自动求导（forward_ad 的对偶张量、torch.func.jvp、jacfwd、hessian）遇到了只定义了 '
                                    'backward、没有 jvp 的自定义 autograd Function；请添加 jvp 静态方法，由它返回输出的切向量，所需的张量用 '
                                    'ctx.save_for_forward '
                                    '保存；或者改用反向模式（jacrev、torch.autograd.functional.jacobian）。'},
                        {'cases': [['dbg-amp-scaler', '']],
                         'id': 'amp-unscale-fp16',
                         'summary': 'GradScaler 会把梯度除以缩放因子，但不接受 float16 梯度：模型的参数是 float16（调用过 '
                                    'model.half()、手动把某一层转成了 float16，或 float16 模型上可训练的适配器权重）。请让参数保持 float32，由 '
                                    'torch.autocast 用 float16 计算；或者改用 bfloat16，不需要缩放器。'},
                        {'cases': [['dbg-amp-scaler', '']],
                         'id': 'amp-unscale-twice',
                         'summary': '在 scaler.update() 之前调用了两次 '
                                    'scaler.unscale_(optimizer)：梯度累积时每个微批量之后都调用，或者循环在溢出之后跳过了 '
                                    'scaler.update()。每个优化步骤中，unscale_()、梯度裁剪、step() 和 update() 都只做一次，并且每次 '
                                    'scaler.step() 之后都要调用 scaler.update()。'},
                        {'cases': [['amp-grad-dtype', '']],
                         'id': 'mixed-dtype-scalar-type',
                         'summary': '某个运算（bmm、卷积、带权重的 nll_loss、库自带的 CUDA 内核）在 autocast 之外同时拿到了 float16 和 '
                                    'float32 的操作数：模型有一部分用 .half() 转换过或以 float16 加载（8 位加载会让部分模块保持 '
                                    'float32），或者把 float32 的输入交给了 float16 的模型。请让参数保持 float32、在 torch.autocast '
                                    '下执行前向传播，或者整个模型用同一种 dtype 加载，或者把不一致的那个操作数转换类型。'},
                        {'cases': [['amp-grad-dtype', '']],
                         'id': 'mixed-dtype-mat1-mat2',
                         'summary': 'nn.Linear（或 addmm）在 autocast 之外拿到了 dtype 不同的输入和权重：float32 的层收到了 float16 '
                                    '的输入，或者反过来。请让参数保持 float32、在 torch.autocast 下执行前向传播，或者把输入转换成权重的 dtype。'},
                        {'cases': [['dbg-amp-scaler', '']],
                         'id': 'lr-scheduler-before-step',
                         'summary': '调度器第一次调用 step() 时，优化器还没有执行过任何一次 optimizer.step()。使用 GradScaler '
                                    '且顺序正确时，这说明缩放器因为梯度出现非有限值而跳过了第一步；缩放因子逐步降低的期间这很正常，没有坏处。没有使用缩放器时，请先调用 '
                                    'optimizer.step() 再调用 scheduler.step()。'},
                        {'cases': [['dbg-amp-no-inf', '']],
                         'id': 'amp-no-inf-checks',
                         'summary': 'scaler.step(optimizer) 在这个优化器的参数里找不到任何一个带梯度的参数，并不是溢出。最常见的原因是 '
                                    'zero_grad() 放在了 backward() 和 step() '
                                    '之间；其次是优化器只持有冻结的参数（例如以推理模式加载的适配器），或者损失根本传不到这些参数。请在前向传播之前清空梯度。'},
                        {'cases': [['dbg-amp-no-inf', '']],
                         'id': 'amp-scale-none',
                         'summary': '缩放器的 unscale_、step 或 update 在任何一次 scaler.scale(loss) 之前就运行了：循环直接调用了 '
                                    'loss.backward()（在 Lightning 的手动优化中，就是用了 loss.backward() 而不是 '
                                    'self.manual_backward(loss)）。每个损失都要先经过缩放，再调用 backward()。'},
                        {'cases': [['dbg-amp-several', '']],
                         'id': 'amp-step-twice',
                         'summary': '同一个优化器连续两次调用 scaler.step，中间没有 scaler.update()：可能是循环从来不调用 '
                                    'update()，也可能是列表里同一个优化器出现了两次。每个优化器只调用一次 step，然后每次迭代调用一次 '
                                    'scaler.update()。'},
                        {'cases': [['pit-empty-params', '']],
                         'id': 'optimizer-empty-params',
                         'summary': '创建优化器时，它一个张量也没有拿到：可能是按 requires_grad 筛选之前，所有参数都已冻结；或者模型把各层放在普通的 list '
                                    '里（请改用 nn.ModuleList）；或者 model.parameters() '
                                    '这个生成器已经用完了。请解冻要训练的部分、注册各层，并传入一个 list。'},
                        {'cases': [['mem-ckpt-metadata', '']],
                         'id': 'checkpoint-recomputed-count',
                         'summary': '不可重入的 checkpoint 在反向传播时重跑这个块，第二次走了另一条路径：块里的某个选择（用 Python 的 random '
                                    '决定的随机深度、在反向传播之前调用的 model.eval() 或改过的标志）读到了 checkpoint '
                                    '不会恢复的状态。请在块外做出选择再作为参数传入，或改用 torch.rand 抽签，或等反向传播结束之后再切换模式。'},
                        {'cases': [['ddp-unused-warning', '']],
                         'id': 'ddp-find-unused-no-unused',
                         'summary': 'DDP 的归约器（reducer）发出的警告，每个进程只发一次，出现在第一次用到每一个参数的迭代（通常就是第一次迭代），所以 '
                                    'find_unused_parameters=True '
                                    '换来的计算图遍历只是白白花时间，除非之后的迭代会跳过某个分支。如果每次用到的参数都一样，请传入 '
                                    'find_unused_parameters=False；如果某个分支只是有时才走，就保留这个标志，不用理会警告。'},
                        {'cases': [['cf-backward-in-backward', ''], ['mem-ckpt-grad', '']],
                         'id': 'checkpoint-reentrant-grad-old',
                         'summary': '同一个错误的旧版措辞：对可重入的 checkpoint（use_reentrant=True，旧版的默认值）使用了 '
                                    'torch.autograd.grad 或 backward(inputs=...)；请传入 use_reentrant=False。'},
                        {'cases': [['tc-graph-break', '']],
                         'id': 'compile-mirrored-meta',
                         'summary': '用 torch.compile 编译的函数对自己的输出调用了 torch.autograd.backward，Dynamo '
                                    '没有跳过这个调用，而是追踪了进去：这是 Dynamo 自身的缺陷，后来已经修复（小节里附有修复的链接）。请升级，或者在编译的函数之外调用 '
                                    'backward()。'},
                        {'cases': [['var-assign-parameter', '']],
                         'id': 'assign-parameter',
                         'summary': '把一个普通张量赋给了存放 nn.Parameter 的模块属性，这个张量通常是由参数本身算出来的（self.w = '
                                    'F.softmax(self.w)）；请把结果存进局部变量，若权重每次调用都要重新计算，请使用 '
                                    'torch.nn.utils.parametrize。'},
                        {'cases': [['var-assign-parameter', '']],
                         'id': 'register-parameter-tensor',
                         'summary': '传给 register_parameter 的是普通张量；请先包装一下：register_parameter(name, '
                                    'nn.Parameter(tensor))。'},
                        {'cases': [['var-module-tensors',
                                    'model.to(device) 之后出现 cuda:0 and cpu：普通张量属性留在 CPU 内存里、输入没有搬过去，或者 '
                                    'forward 里创建张量时没有指定设备。'],
                                   ['var-dp-replica',
                                    '在 nn.DataParallel 下用两张 GPU 时出现 cuda:1 and '
                                    'cuda:0：每个副本只会收到广播过来的参数和缓冲区，所以普通张量属性仍然留在 cuda:0。']],
                         'id': 'tensors-same-device',
                         'summary': '同一个运算收到了分处两个设备的张量。报错是 cuda:0 and cpu 时：模块作为普通属性保存的张量在 model.to(device) '
                                    '之后仍留在 CPU 内存里，或者批量数据没有搬到 GPU，或者 forward 创建张量时没有指定 device=。在 '
                                    'nn.DataParallel 下出现 cuda:1 and cuda:0 时：普通的张量属性不会复制到其他 GPU 上的副本。这类张量请用 '
                                    'register_buffer 注册。'},
                        {'cases': [['tc-module-backward-hook', '']],
                         'id': 'compile-module-backward-hook',
                         'summary': 'torch.compile(..., fullgraph=True) '
                                    '遇到了带有完整反向钩子（register_full_backward_hook）的模块，而 Dynamo '
                                    '只有在启用编译式自动求导（compiled autograd）时才能追踪它。请去掉 '
                                    'fullgraph=True（挂了钩子的模块会产生图中断，钩子照常触发），或者设置 '
                                    'torch._dynamo.config.compiled_autograd = True，并在编译过的训练步骤里调用 '
                                    'backward()。'},
                        {'cases': [['pit-validation-backward', '']],
                         'id': 'cudnn-rnn-eval',
                         'summary': '在 GPU 上，backward() 或 autograd.grad() 经过了处于评估模式的 nn.LSTM、nn.GRU 或 '
                                    'nn.RNN：cuDNN 的 RNN 内核只在训练模式下保留反向传播需要的数据。常见的原因是验证或采样函数调用了 '
                                    'model.eval()，之后却没有任何地方再调用 model.train()；请在每个 epoch 开头调用它、只把 RNN '
                                    '切回训练模式，或者在 torch.backends.cudnn.flags(enabled=False) '
                                    '下执行前向和反向传播。起作用的是前向传播运行时的模式：在前向传播之后、backward() 之前才调用 train() '
                                    '没有用；请在前向传播之前，用 [n for n, m in model.named_modules() if not m.training] '
                                    '列出仍处于评估模式的模块。'},
                        {'cases': [['var-retain-grad', '']],
                         'id': 'retain-grad-no-grad',
                         'summary': '对不需要梯度的张量调用了 retain_grad()：这个张量不属于任何计算图（由 .data 或 detach() 得到、在 '
                                    'torch.no_grad() 里算出，或者只由不需要梯度的张量算出），梯度永远传不到它。请改用需要梯度的张量来计算它，并且只在 '
                                    'requires_grad 为 True 时调用 retain_grad()。'},
                        {'cases': [['pit-loss-dtype', '']],
                         'id': 'loss-target-dtype',
                         'summary': '损失函数拿浮点数的预测去和另一种 dtype 的目标比较（整数标签，或由 NumPy 转来的 float64 '
                                    '目标）；有的损失函数在前向传播就出错，有的要到反向传播才出错，和损失值本身的 dtype '
                                    '无关。修复方法是转换目标：target.float() 或 target.to(output.dtype)。'},
                        {'cases': [['pit-deepcopy-graph', '']],
                         'id': 'deepcopy-non-leaf',
                         'summary': 'copy.deepcopy 遇到了带有 grad_fn 的张量：通常是模块的 forward（或前向钩子）存到 self '
                                    '上的中间结果，所以做过一次前向传播之后，deepcopy(model) 就会失败，常见于 EMA 辅助类或保存最佳模型的时候；也可能是旧版 '
                                    'torch.nn.utils.weight_norm 包装的层的权重，这时连一次前向传播都还没做就会失败。中间结果请改存调用 detach() '
                                    '之后的张量、在复制前删掉这个属性，或用 state_dict() 复制权重；旧版 weight_norm 请换成 '
                                    'torch.nn.utils.parametrizations.weight_norm。'},
                        {'cases': [['pit-grad-none-zero', '']],
                         'id': 'grad-none-zero',
                         'summary': '执行 x.grad.zero_()（或 x.grad.data）时 x.grad 还是 None：第一次传到 x 的 backward() '
                                    '还没执行，或者 x 根本不需要梯度。请在更新之后再清零，或先检查 `if x.grad is not '
                                    'None`；如果要输入的梯度，请在前向传播之前对输入调用 requires_grad_()。'},
                        {'cases': [['pit-resize-requires-grad', '']],
                         'id': 'resize-requires-grad',
                         'summary': '对需要梯度的张量调用了 '
                                    'resize_()，通常是用来收集模型输出的缓冲区：之前把需要梯度的输出原地复制进去，缓冲区就成了计算图的一部分。请改为复制 '
                                    'output.detach()，或在 torch.no_grad() 里做这些记录工作。'},
                        {'cases': [['cf-errors', '']],
                         'id': 'function-returns-view-no-grad',
                         'summary': 'torch 1.4 及更早的版本不允许这样做：自定义 Function 在 torch.no_grad() 下运行，而它的 forward '
                                    '返回需要梯度的输入的视图（x[:]、x.view(...)）。请升级；仍在这类版本上时，改为返回 clone() 复制出的张量。'},
                        {'cases': [['cf-view-output-inplace', ''], ['dbg-module-hooks', '']],
                         'id': 'function-view-inplace',
                         'summary': '原地操作改动了自定义 Function 的输出（或它的切片），而这个输出是视图：forward '
                                    '返回了输入的视图，或直接返回输入本身。自动求导拒绝执行，因为改写视图的历史会绕过这个 Function 的 backward。请复制输出（在 '
                                    'forward 里或 apply 之后调用 clone()），或改用非原地操作。'},
                        {'cases': [['cf-save-non-tensor', '']],
                         'id': 'save-for-backward-non-tensor',
                         'summary': 'ctx.save_for_backward 收到了非张量的值（数字、由各维大小组成的元组、标志）。它只接受张量和 '
                                    'None；其他值请作为属性存在 ctx 上（ctx.factor = factor），并在 backward 里对它们返回 None。'},
                        {'cases': [['cf-errors', '']],
                         'id': 'expected-proper-tensor-got-none',
                         'summary': 'TorchScript（或 C++）里的某个运算需要张量，收到的却是 None：传给 Tensor 参数的 None，TorchScript '
                                    '会当成未定义的张量。常见原因是自定义 Function 的 forward 在某条路径上返回 None，例如代理梯度把 return 写在 '
                                    'if x.requires_grad 里面，在 torch.no_grad() 下就什么也没返回。请让每条路径都返回张量。'},
                        {'cases': [['mem-ckpt-reentrant', '']],
                         'id': 'checkpoint-use-reentrant-explicit',
                         'summary': '调用 torch.utils.checkpoint 时没有传 use_reentrant，于是发出这条 UserWarning：torch '
                                    '2.13 这时仍执行可重入实现，并要求你明确选择。请传 use_reentrant=False（推荐；输入不需要梯度的块也能训练），或传 '
                                    'use_reentrant=True 保留原来的行为。'},
                        {'cases': [['mem-ckpt-reentrant', '']],
                         'id': 'checkpoint-use-reentrant-explicit-old',
                         'summary': '同一条 UserWarning 的旧版措辞（torch 2.1 和紧随其后的版本）：调用 checkpoint 时没有传 '
                                    'use_reentrant。请传 use_reentrant=False（推荐），或传 use_reentrant=True '
                                    '保留原来的行为。'},
                        {'cases': [['var-grad-modes', '']],
                         'id': 'inference-requires-grad',
                         'summary': '对在 torch.inference_mode() 里创建的张量调用了 requires_grad_()（或设置 '
                                    'requires_grad=True）。推理张量不能这样加入自动求导的记录；请改在 torch.no_grad() '
                                    '里创建它，或在推理模式之外用 clone() 从它得到一个普通张量。'},
                        {'cases': [['pit-loss-dtype', '']],
                         'id': 'loss-target-cast',
                         'summary': 'binary_cross_entropy_with_logits（BCEWithLogitsLoss）收到了整数标签：损失按浮点数计算，无法写进目标的整数 '
                                    'dtype。修复方法是转换目标：target.float() 或 target.to(output.dtype)。'},
                        {'cases': [['var-node-hooks', '']],
                         'id': 'post-accumulate-hook-return',
                         'summary': '用 register_post_accumulate_grad_hook 注册的钩子返回了张量。这种钩子拿到的是参数本身，不是它的梯度（与 '
                                    'register_hook 不同），而且必须返回 None；要改梯度，请在钩子里原地修改 '
                                    'param.grad。原地修改它的参数，改动的是权重本身，而且不会报错。'},
                        {'cases': [['ddp-deepspeed-engine', '']],
                         'id': 'deepspeed-eval-backward',
                         'summary': 'DeepSpeed ZeRO-3 的 AssertionError（ZeRO-2 没有这项检查）：反向传播走到了一个 training 标志为 '
                                    'False 的子模块。PyTorch 本身在 eval 模式下照样能做反向传播。原因是模型为了生成、打分或评估切到了 '
                                    'eval()，之后没有切回来：在训练用的前向和反向传播之前调用 model.train()，或者升级 DeepSpeed。'},
                        {'cases': [['rg-gan', '']],
                         'id': 'lightning-multiple-optimizers',
                         'summary': '这是 Lightning 2.x 的 RuntimeError，不是 PyTorch 的：LightningModule '
                                    '返回两个优化器（GAN 或 VQGAN 的生成器和判别器），而 training_step 带着 optimizer_idx '
                                    '参数，或者没有关掉自动优化。Lightning 1.x 会对每个优化器各调用一次 '
                                    'training_step，再用返回的损失更新对应的优化器；2.x 不再这样做。把 pytorch-lightning 固定在 2.0 '
                                    '之前的版本，或者设置 self.automatic_optimization = False，在 training_step 里自己依次调用 '
                                    'zero_grad()、manual_backward() 和 step()，判别器的损失要用 detach() 过的生成结果计算。'}],
            'zh-hant': [{'cases': [['rg-guide', '不確定是哪一種情況：決策指南，從出錯的那一行一路帶到修正方法。'],
                                   ['rg-error', '來龍去脈：第一次 backward() 已釋放第二次需要的已儲存張量。'],
                                   ['pit-target-outside-loop', '訓練迴圈開始前，用需要梯度的輸入算出一次的張量，之後每輪迭代都用它。'],
                                   ['pit-hidden-state', 'RNN 或 LSTM 的隱藏狀態沒有 detach()，就從一個批次帶進下一個批次。'],
                                   ['rg-two-losses', '共用同一個網路的兩個損失，各自呼叫 backward()。'],
                                   ['rg-gan', 'GAN 的訓練步驟中，鑑別器的反向傳播也穿過了生成器的計算圖。'],
                                   ['rg-prefix', '兩個最佳化器共用一個編碼器：兩個輸出頭、兩個損失。'],
                                   ['rg-anomaly', '找出是哪個張量把上一輪迭代的計算圖帶進下一輪。'],
                                   ['pit-retain-graph', '為了讓錯誤消失而加上 retain_graph=True，之後記憶體就不斷增加。'],
                                   ['int-freed', 'backward() 之後讀取已儲存張量，即使沒有第二次反向傳播也會出錯：這則訊息來自已儲存的值，而不是引擎。'],
                                   ['cg-retain',
                                    '搭配 create_graph=True 卻明確傳入 '
                                    'retain_graph=False：記錄下來的梯度仍需要第一張計算圖的已儲存張量，而這次呼叫已將它們釋放。'],
                                   ['rg-semantics',
                                    '沒有 create_graph=True，就對同一個輸出呼叫兩次 torch.autograd.grad：retain_graph '
                                    '的預設值跟隨 create_graph，所以第一次呼叫就把已儲存張量釋放了。'],
                                   ['rg-loop',
                                    '訓練迴圈中，某個狀態從一輪迭代帶進下一輪；此時加上 retain_graph=True 的代價是：記憶體和反向傳播的計算量每輪都在增加。'],
                                   ['cf-ctx-attribute',
                                    '自訂 Function：引擎會像釋放其他節點的張量一樣，釋放用 save_for_backward '
                                    '儲存的張量，所以第二次反向傳播會出現這個錯誤；存在 ctx 上的張量（ctx.e = '
                                    'e）不會隨反向傳播釋放，而是一直留到計算圖釋放為止，所以不出錯，記憶體卻一直沒有歸還。'],
                                   ['tc-twice',
                                    '第二次反向傳播穿過 torch.compile 編譯的區域：編譯後的節點和其他節點一樣會釋放已儲存張量，修正方法也相同。'],
                                   ['tc-gan-step',
                                    '用 torch.compile 把整個 GAN 訓練步驟編譯起來：鑑別器對 fake.detach() 的反向傳播釋放了編譯區域的節點，而 '
                                    'fake 也出自這個節點，於是生成器的反向傳播失敗；改成分別編譯每個模型。'],
                                   ['rg-layerwise',
                                    '深度監督：好幾個區塊各有一個損失，每個損失依序各做一次 '
                                    'backward()；後面的損失穿回前面的區塊（凍結的也一樣），而第一次反向傳播已經釋放了它們。'],
                                   ['cf-backward-in-backward',
                                    '自訂 Function 的 backward 對它在 forward 中留下的內層計算圖呼叫 backward（或 '
                                    'autograd.grad）：這次內層呼叫會釋放內層圖，所以外層的第二次反向傳播會失敗，即使加了 retain_graph=True '
                                    '也一樣，因為內層呼叫看不到這個引數；請在 backward 裡重新計算內層圖，或在內層呼叫傳入 retain_graph=True。'],
                                   ['pit-module-state',
                                    '在兩次呼叫之間保留狀態的層（脈衝神經元的膜電位、持續累積的記憶）：一個批次結束時，這個狀態還連著該批次的計算圖，下一個批次的損失會一路反向傳播回去；請在每個批次開始時重設狀態，或對它呼叫 '
                                    'detach()。'],
                                   ['mem-retain',
                                    '開啟了梯度檢查點：原因不在檢查點；第二次反向傳播穿過設了檢查點的區塊時，和沒有檢查點時一樣會失敗，所以要修正造成第二次傳遞的那種情況，或傳入 '
                                    'retain_graph=True（之後每次傳遞都會重新計算這些區塊）。'],
                                   ['pit-rollout-graph',
                                    'PPO 或 MAPPO 在同一段互動資料上跑好幾個 epoch（mini_epochs > '
                                    '1），而其中的對數機率、估值或優勢仍帶著收集資料時的計算圖。']],
                         'id': 'backward-twice',
                         'summary': '反向傳播需要計算圖中的已儲存張量，但先前的 backward() 已將它釋放；通常是某個張量把上一次迭代的計算圖帶進了下一次迭代。'},
                        {'cases': [['rg-wordings', '']],
                         'id': 'backward-twice-saved-results',
                         'summary': '同一個錯誤的舊版措辭：計算圖的已儲存張量已經釋放，卻又對它做了一次反向傳播。'},
                        {'cases': [['rg-wordings', '']],
                         'id': 'backward-twice-dot-backward-or-grad',
                         'summary': '同一個錯誤在 PyTorch 1.8 的措辭，也是第一個除了 .backward() 之外還提到 autograd.grad() 的措辭。'},
                        {'cases': [['rg-wordings', '']],
                         'id': 'backward-twice-buffers',
                         'summary': '同一個錯誤在 PyTorch 0.2 到 1.5 的措辭；訊息裡的 buffers，就是第一次 backward() 已經釋放的已儲存張量。'},
                        {'cases': [['rg-wordings', '']],
                         'id': 'backward-twice-retain-variables',
                         'summary': '同一個錯誤在 PyTorch 0.1 的措辭，當時 retain_graph 參數還叫做 retain_variables。'},
                        {'cases': [['pit-inplace-saved',
                                    '某個運算把張量儲存起來供反向傳播使用之後，又有原地操作（*=、+=、relu(inplace=True)、x[0] = ...）改動了它。'],
                                   ['pit-inplace-decode', '解讀錯誤訊息：形狀、運算與版本號指的是哪個張量，以及異常偵測模式如何找出那一行。'],
                                   ['pit-step-between-backwards',
                                    '在對同一張計算圖的兩次 backward() 之間執行了 optimizer.step()，改動了計算圖儲存的權重。'],
                                   ['pit-step-two-models',
                                    '行動者－評論者（actor-critic：A2C、PPO、SAC、DDPG）：評論者的最佳化器先更新了參數，行動者的損失才反向傳播穿過評論者。'],
                                   ['rg-gan',
                                    'GAN 訓練：鑑別器的最佳化器先更新了參數，生成器的損失才反向傳播穿過 D(fake)（PyTorch 1.5 以前能執行的程式碼）。'],
                                   ['rg-gan-detach',
                                    'GAN：先更新了 G，再拿同一批沒有呼叫 detach() 的假樣本訓練 D，於是 D 的反向傳播一路回到 G 已經改動過的權重（用了 AMP '
                                    '的 GradScaler 也一樣）。'],
                                   ['rg-two-step',
                                    'SAM 或其他兩步式最佳化器：權重已經原地移到 w + e，卻又對第一次前向傳播的計算圖做反向傳播（retain_graph=True）。'],
                                   ['cg-inplace',
                                    '雙重反向傳播（create_graph=True、梯度懲罰、MAML）：在記錄梯度與再次微分之間，有原地操作改動了參數。'],
                                   ['var-data',
                                    '透過 .data 所做的修改，自動微分察覺不到，梯度默默出錯；同樣的修改改透過 detach() 來做，就會引發這個錯誤。'],
                                   ['var-version', '自動微分如何察覺：每個張量的版本計數器，它的視圖與 detach() 的結果共用同一個計數器。'],
                                   ['int-saved', '檢查發生在哪裡：已儲存張量記下的版本號，在反向傳播取出它時拿來比對。'],
                                   ['var-saved-hooks', '在已儲存張量掛鉤之下，自動微分不做這項檢查；本書的計量器會補上檢查，並在訊息後面多加一句說明。'],
                                   ['pit-inplace-layers',
                                    'nn.Dropout(inplace=True) 或其他原地計算的層，緊接在儲存了自身輸出的激勵函數之後（output 0 of '
                                    'ReluBackward0 或 SigmoidBackward0）：哪些層可以安全地原地計算，以及修正方法 inplace=False。'],
                                   ['pit-module-state',
                                    '脈衝神經元（SpikingJelly 的 LIF、snnTorch）或其他有狀態的層在批次之間從未重設，訓練迴圈又傳了 '
                                    'retain_graph=True：下一次反向傳播回到上一個批次的計算圖，而 optimizer.step() '
                                    '已經改動了那張圖儲存的權重；每個批次開始時都要重設狀態。'],
                                   ['mem-per-layer', 'nn.ReLU(inplace=True) 緊接在一個儲存自身輸出的層（例如 sigmoid）之後。'],
                                   ['ddp-buffers-inplace',
                                    '只在 DDP 下、而且在同一次 backward '
                                    '之前呼叫模型兩次時出現：每次前向傳播前的緩衝區廣播（broadcast_buffers=True）原地改動了 BatchNorm '
                                    '的移動平均；torch 2.13 會保留它們的版本，較舊的版本需要 broadcast_buffers=False。'],
                                   ['pit-embedding-max-norm',
                                    'nn.Embedding(max_norm=...) '
                                    '會原地縮放查到的那幾列，改的就是權重本身；在查表之前就用到權重的項（例如對整張表的正則化）存下的是舊版本。請把這一項放到查表之後計算，或改用非原地的方式正規化。'],
                                   ['tc-early-errors',
                                    '在 torch.compile 之下，同一個錯誤會在第一次呼叫編譯後的模型時就出現，還沒做任何反向傳播，外面包著 '
                                    'BackendCompilerFailed：編譯器在編譯前向傳播時就追蹤了反向傳播。修正方法和 eager 模式一樣：改掉那個原地操作。'],
                                   ['pit-rollout-graph',
                                    'PPO：加上 retain_graph=True 之後，在同一段互動資料上跑第二個 epoch，穿過的對數機率與估值是在 '
                                    'optimizer.step() 改動權重之前記錄的。'],
                                   ['pit-teacher',
                                    'MoCo 與記憶庫：反向傳播之前，寫入佇列的動作就原地覆寫了負例鍵的佇列，而 q @ queue 還需要它；請改用 '
                                    'queue.clone().detach()。']],
                         'id': 'modified-by-inplace',
                         'summary': '某個張量儲存起來供反向傳播使用之後，又有原地操作（例如 *= 或 optimizer.step()）改動了它，因此版本計數器對不上。'},
                        {'cases': [['pit-data-index',
                                    '用 loss.data[0] 讀取損失值，就像為 PyTorch 0.3 寫的程式碼那樣：請改用 loss.item()。'],
                                   ['var-history',
                                    '0 維張量從 PyTorch 0.4 開始出現；當時 loss.data[0] 只會發出警告，現在則會引發錯誤。']],
                         'id': 'zero-dim-index',
                         'summary': '對 0 維張量（例如損失值）做了索引（像是 loss.data[0]）；要取得數值請用 loss.item()。'},
                        {'cases': [['pit-data-index', '']],
                         'id': 'zero-dim-index-python-number',
                         'summary': '同一個錯誤的舊版措辭：對 0 維張量做了索引；請改用 .item()。'},
                        {'cases': [['pit-data-index', '']],
                         'id': 'zero-dim-index-warning',
                         'summary': 'PyTorch 0.4 預告此錯誤的警告：loss.data[0] 當時仍可執行，但應改成 loss.item()。'},
                        {'cases': [['pit-non-scalar', ''],
                                   ['pit-data-parallel-loss',
                                    '只在多張 GPU 上出錯：nn.DataParallel 把 forward 傳回的損失收集成每張 GPU 一個值；請呼叫 '
                                    'loss.mean().backward()。']],
                         'id': 'non-scalar-backward',
                         'summary': '對含有多個元素的張量呼叫 backward() 卻沒有傳入 gradient 引數；請先化為純量，或傳入 gradient=。'},
                        {'cases': [['pit-no-grad-fn',
                                    '對背後沒有計算圖的損失呼叫 backward()：忘了設 requires_grad、損失在 torch.no_grad() 裡面算、中間經過 '
                                    'detach()、.item()、.numpy() 或透過 .data 寫入的切片，或是模型的參數全部凍結了。'],
                                   ['pit-loss-number',
                                    '遇到沒有目標的批次（例如偵測器中沒有任何框的影像）時，損失是 torch.tensor(0.0) 這類常數張量；給它設 '
                                    'requires_grad=True 只會讓錯誤消失，模型什麼也學不到。'],
                                   ['cf-backward-in-backward',
                                    '在自訂 Function 的 backward 裡呼叫 torch.autograd.grad 來重新計算一個區塊；除非用 '
                                    'torch.enable_grad() 開啟，這裡的梯度記錄是關閉的。'],
                                   ['cf-once',
                                    '自訂 Function 的 backward 標有 @once_differentiable，而損失是 .sum() '
                                    '這類（傳入的梯度是常數）：經過它求出的一階導數沒有計算圖，再微分一次就會出錯。'],
                                   ['cg-per-sample',
                                    '為了求逐樣本梯度，在 torch.func.vmap 裡呼叫 torch.autograd.grad：在 vmap 裡，單一樣本的損失沒有 '
                                    'grad_fn；請改用 vmap 包住 torch.func.grad，並搭配 functional_call。'],
                                   ['grad-nondiff',
                                    '損失由 argmax、pred > 0.5 '
                                    '之類的比較或整數轉型算出（例如把準確率當成損失）：自動微分不記錄這些運算；請改用可微分的損失、直通估計器，或帶溫度參數的平滑近似。'],
                                   ['cg-what',
                                    '第一次呼叫 torch.autograd.grad 時沒有 create_graph=True，卻要對得到的梯度再微分：那個梯度是常數，沒有 '
                                    'grad_fn。'],
                                   ['cg-no-grad',
                                    '損失在 torch.no_grad() 裡計算（例如評估迴圈），即使加上 create_graph=True 也一樣：create_graph '
                                    '記錄的是反向傳播，而前向傳播根本沒有留下計算圖。'],
                                   ['mem-ckpt-reentrant',
                                    'LoRA '
                                    '或轉接器（adapter）搭配凍結的嵌入層與梯度檢查點（use_reentrant=True）：所有可訓練的權重都在輸入不需要梯度的檢查點區塊裡，所以損失沒有計算圖；請改用 '
                                    'use_reentrant=False，或讓區塊的輸入需要梯度（enable_input_require_grads()）。'],
                                   ['cg-hvp',
                                    '計算 Hessian 向量積時，第一次求梯度沒有加 create_graph=True：那個梯度沒有計算圖，再微分一次就會出錯；請在第一次呼叫 '
                                    'torch.autograd.grad 時傳入 create_graph=True。'],
                                   ['cg-unused',
                                    '一階導數是常數的函式（f = 2x）再求二階導數：一階導數沒有 grad_fn，所以更高階的導數全都是零；請先檢查 '
                                    'requires_grad，或改用 torch.func.grad。'],
                                   ['pit-validation-backward',
                                    '在 PyTorch Lightning 的 validation_step 或 test_step 裡呼叫 backward() 或 '
                                    'autograd.grad，而這些步驟在 torch.inference_mode() 之下執行：請用 '
                                    'Trainer(inference_mode=False) 並搭配 torch.enable_grad()。'],
                                   ['dbg-closure-no-grad',
                                    'PyTorch Lightning 搭配的最佳化器在 torch.no_grad() 之下執行 step()，呼叫 closure 時又沒有用 '
                                    'torch.enable_grad() 包起來（例如 Hugging Face 的 AdamW）：training_step '
                                    '在關閉記錄的狀態下執行；請在 training_step 開頭呼叫 torch.set_grad_enabled(True)，或改用 '
                                    'torch.optim.AdamW。'],
                                   ['var-library-no-grad', '']],
                         'id': 'no-grad-fn',
                         'summary': '對背後沒有計算圖的張量呼叫了 backward()：沒有任何需要梯度的張量參與計算（忘了 requires_grad、在 '
                                    'torch.no_grad() 裡計算，或途中用 detach() 切斷了）。'},
                        {'cases': [['pit-no-grad-fn', ''],
                                   ['cg-hvp',
                                    'PyTorch 0.3 措辭下的 Hessian 向量積錯誤：第一次求梯度沒有加 '
                                    'create_graph=True，所以那個梯度沒有計算圖；請在第一次呼叫 torch.autograd.grad 時傳入 '
                                    'create_graph=True。'],
                                   ['mem-ckpt-reentrant',
                                    '梯度檢查點（use_reentrant=True）搭配 LoRA '
                                    '或轉接器（adapter）與凍結的嵌入層，是至今仍以這個措辭回報的成因：所有可訓練的權重都在輸入不需要梯度的檢查點區塊裡，所以損失沒有計算圖；請改用 '
                                    'use_reentrant=False，或讓區塊的輸入需要梯度（enable_input_require_grads()）。']],
                         'id': 'no-grad-fn-variables',
                         'summary': '同一個錯誤在 PyTorch 0.3 的措辭，出自還有 Variable 類別的年代。'},
                        {'cases': [['var-grad-modes', ''], ['var-old-class', '']],
                         'id': 'variables-tuple-volatile',
                         'summary': 'PyTorch 0.3 及更早版本：對一個由 volatile=True 的 Variable 算出來的結果呼叫了 '
                                    'backward()；volatile 不記錄計算圖，而且優先於 requires_grad。在 2.13 上 volatile '
                                    '只會發出警告，同樣的程式改報「element 0 of tensors does not require grad」。'},
                        {'cases': [['var-grad-modes', ''], ['var-old-class', '']],
                         'id': 'volatile-leaf-only',
                         'summary': 'PyTorch 0.3 及更早版本：對一個由運算算出來的 Variable（帶有 grad_fn，例如 hook 收到的梯度）設定了 '
                                    '.volatile；在 2.13 上這一行只會發出警告：刪掉它，需要新的葉張量時用 detach().requires_grad_() '
                                    '建立。'},
                        {'cases': [['pit-no-grad-fn', ''],
                                   ['var-module-tensors',
                                    '載入量化（int4/int8）模型時出錯：整數權重包進了 nn.Parameter，而 nn.Parameter 的 '
                                    'requires_grad 預設為 True；包裝時請傳入 requires_grad=False，或改為註冊成緩衝區。']],
                         'id': 'integer-requires-grad',
                         'summary': '程式以 requires_grad=True 建立了整數張量（訊息開頭是「Only」），或在建立之後才設定 requires_grad = '
                                    'True（開頭是「only」）；只有浮點數張量與複數張量才能有梯度。'},
                        {'cases': [['pit-no-grad-fn', ''],
                                   ['grad-func-errors',
                                    '把模型的緩衝區當成 torch.func.vjp 的 primal 傳進去：vjp 會讓每個 primal 都需要梯度，而 BatchNorm '
                                    '的 num_batches_tracked 是整數；只對參數微分。']],
                         'id': 'integer-requires-grad-method',
                         'summary': '對整數張量呼叫了 requires_grad_()；請先把它轉成浮點數張量。'},
                        {'cases': [['pit-leaf-device', '']],
                         'id': 'optimize-non-leaf',
                         'summary': '傳給最佳化器的是非葉張量，常見原因是在 requires_grad=True 之後才呼叫 .to(device) 或 '
                                    '.to(dtype)；請直接在裝置上建立它，或使用 nn.Parameter。'},
                        {'cases': [['rg-wordings', '']],
                         'id': 'backward-twice-saved-variables',
                         'summary': '同一個錯誤在 PyTorch 1.9 前後的措辭，當時訊息裡寫的還是 variables，而不是 tensors。'},
                        {'cases': [['cg-unused',
                                    '輸出確實不依賴的輸入：allow_unused=True 得到 None，materialize_grads=True 得到零。'],
                                   ['ddp-dataparallel-grad',
                                    'nn.DataParallel（或設定 find_unused_parameters=True 的 '
                                    'DDP）傳回的是潛在向量的副本：allow_unused=True 會讓懲罰項悄悄變成零；請在 forward 裡計算懲罰項。']],
                         'id': 'unused-input',
                         'summary': '向 torch.autograd.grad 要求某個輸入的梯度，但輸出並不依賴這個輸入；請傳入 allow_unused=True（得到 '
                                    'None）或 materialize_grads=True（得到零）。'},
                        {'cases': [['cg-custom',
                                    '對 backward 標有 @once_differentiable 的自訂 Function 做雙重反向傳播，並與在 detach() '
                                    '之後的張量上計算的 backward 對照。'],
                                   ['cf-once',
                                    '用 NumPy 或 CUDA 核心寫的 backward 為什麼要標上 '
                                    '@once_differentiable，以及再對它微分一次會發生什麼事。']],
                         'id': 'once-differentiable',
                         'summary': '二階梯度經過了一個自訂 autograd Function，而它的 backward 標記了 '
                                    '@once_differentiable；請用可微分的 torch 運算寫它的 backward。'},
                        {'cases': [['cf-what-to-save',
                                    'gradgradcheck 失敗：自訂 Function 的 backward 用了儲存下來的中間結果，而自動微分把它當成常數。'],
                                   ['cf-gradcheck',
                                    '反向傳播的實作沒有錯，gradcheck 卻失敗：輸入是 float32 而不是 '
                                    'float64（之前會警告某個輸入不是雙精度），或是測試點正好落在不可微點上（例如 relu 在 0 處）。']],
                         'id': 'gradcheck-jacobian-mismatch',
                         'summary': 'torch.autograd.gradcheck 或 gradgradcheck 發現自動微分算出的導數和有限差分的結果不一致；若是 '
                                    'gradgradcheck 失敗，常見原因是自訂 Function 的 backward 用了儲存下來的中間結果，而自動微分把它當成常數。'},
                        {'cases': [['cf-func', '自己寫的自訂 Function，forward 帶有 ctx 參數：把儲存張量的工作移到 setup_context。'],
                                   ['var-hooks-vmap',
                                    '在 vmap 或 grad 之下使用帶有完整反向掛鉤（register_full_backward_hook）的模組：掛鉤自己的 '
                                    'Function 沒有 setup_context；改用 grad 取得中間輸出的梯度，不要用掛鉤。']],
                         'id': 'func-setup-context',
                         'summary': '在 torch.func 的轉換（vmap、grad、jacrev 等）之下使用了自訂 autograd Function，而它的 '
                                    'forward 帶有 ctx 參數；請把 forward 改成不帶 ctx，並在 setup_context 靜態方法裡儲存張量。'},
                        {'cases': [['var-hooks-vmap', '']],
                         'id': 'vmap-escaped-tensor',
                         'summary': 'torch.func.vmap 之下的函式產生了一個張量，這個張量卻留到了函式外面（掛鉤把它加進串列、存成全域變數，或在 forward '
                                    '裡設成屬性），程式又在 vmap 傳回之後讀取它；請改由函式傳回它；要取得它的梯度，就在這個張量上加一個零張量，再用 grad '
                                    '對這個零張量求梯度。'},
                        {'cases': [['cf-func', '']],
                         'id': 'func-vmap-support',
                         'summary': '對沒有批次處理規則的自訂 autograd Function 使用了 torch.func.vmap；請在類別上設定 '
                                    'generate_vmap_rule = True，或寫一個 vmap 靜態方法。'},
                        {'cases': [['cf-func', '']],
                         'id': 'functorch-autograd-function',
                         'summary': 'torch 1.13 及更早版本的措辭：在 vmap、grad 或 jacrev 之下的函式呼叫了自訂 '
                                    'autograd.Function，而它常常藏在函式庫裡（例如 torchdiffeq 的 odeint 這類 ODE 求解器）。從 '
                                    'torch 2.0 起，Function 只要有 setup_context 和 vmap '
                                    '規則，就能在這些轉換下執行；在函式庫補上之前，先別用 vmap：把整個批次直接交給函式庫，或用一般的自動微分對樣本逐一迴圈。'},
                        {'cases': [['grad-func-errors', ''], ['cg-hvp', ''], ['mem-ckpt-per-sample', '']],
                         'id': 'func-saved-tensor-hooks',
                         'summary': '反向模式的 torch.func 轉換（grad、vjp、jacrev、hessian）遇到了已儲存張量掛鉤，最常見的是函式裡 '
                                    'torch.utils.checkpoint(use_reentrant=False) 裝上的那一個。檢查點可以保留，改用 '
                                    'jacfwd、torch.autograd.functional.jacobian，或帶 is_grads_batched=True 的 '
                                    'torch.autograd.grad 來計算導數。'},
                        {'cases': [['cf-mark-dirty', '']],
                         'id': 'leaf-inplace-mark-dirty',
                         'summary': '自訂 autograd Function 用 ctx.mark_dirty 把一個需要梯度的葉張量標記為原地修改；請改用非葉張量（例如 '
                                    'clone() 的結果），或在 torch.no_grad() 之下呼叫。較舊的版本對這類葉張量做任何原地操作，都會印出這個措辭。'},
                        {'cases': [['cf-materialize', '']],
                         'id': 'materialize-grads-none',
                         'summary': '自訂 autograd Function 呼叫了 ctx.set_materialize_grads(False)，於是 backward '
                                    '對未使用的輸出收到 None 作為梯度，卻拿它做乘法；使用每個梯度之前，請先檢查它是不是 None。'},
                        {'cases': [['cf-backward-in-backward', ''], ['mem-ckpt-grad', '']],
                         'id': 'checkpoint-reentrant-grad',
                         'summary': '對 use_reentrant=True 的 torch.utils.checkpoint 使用了 torch.autograd.grad 或 '
                                    'backward(inputs=...)：它的 backward 內部會再呼叫一次 '
                                    'backward()，無法依照這些引數只計算指定輸入的梯度；請傳入 use_reentrant=False，或呼叫 backward() '
                                    '時不要傳 inputs。'},
                        {'cases': [['mem-ckpt-reentrant', '']],
                         'id': 'checkpoint-none-output',
                         'summary': '以 use_reentrant=True 執行的 torch.utils.checkpoint '
                                    '區塊收到需要梯度的輸入，但反向傳播重新計算它時，沒有任何輸出需要梯度：區塊對那個輸入呼叫了 detach() '
                                    '或根本沒用到，而且自己的權重已凍結；請直接呼叫這個區塊、不用檢查點，或傳入 use_reentrant=False。'},
                        {'cases': [['dbg-module-hooks', '']],
                         'id': 'module-hook-output-not-tensor',
                         'summary': '這是 UserWarning：註冊了完整反向掛鉤的模組傳回的不是張量或張量元組（而是函式庫自己的物件，例如 SparseTensor，或 '
                                    'dict、dataclass），所以 PyTorch 略過這個掛鉤；請註冊一個前向掛鉤，由它對輸出內部的張量呼叫 '
                                    'register_hook，並傳回 None。'},
                        {'cases': [['cf-ctx-attribute', ''], ['cf-errors', '']],
                         'id': 'function-ctx-attribute-missing',
                         'summary': '自訂 autograd Function 的 backward 讀取了 ctx 上不存在的屬性：通常是 backward 刪掉了自己存在 '
                                    'ctx 上的張量（del ctx.x），之後又在 retain_graph=True 下執行第二次；請用 '
                                    'ctx.save_for_backward 儲存張量，交給引擎釋放。'},
                        {'cases': [['cf-errors', '自訂 autograd Function 的 backward 傳回的值，比 forward 接受的輸入少或多。'],
                                   ['tc-custom-backend',
                                    '自訂 torch.compile 後端之下的 CompiledFunctionBackward：後端編譯出的 backward 丟掉了 '
                                    'AOTAutograd 反向計算圖輸出裡的 None。']],
                         'id': 'function-gradient-count',
                         'summary': '自訂 autograd Function 的 backward 傳回的值，比 forward 在 ctx '
                                    '之後的引數少（或多）；請每個引數各傳回一個值，不是張量或不需要梯度的引數就傳回 None。多傳回的值必須全是 '
                                    'None，自動微分才會直接略過它們。'},
                        {'cases': [['cf-errors', ''],
                                   ['tc-custom-backend',
                                    '節點是 CompiledFunctionBackward，模型在 eager 模式下能跑：這是 torch.compile 底下編譯器的 '
                                    'bug；找出失敗的後端（eager、aot_eager、inductor），先繞過它，再回報。'],
                                   ['ddp-sharded-grad', '']],
                         'id': 'function-gradient-shape',
                         'summary': '自訂 autograd Function 的 backward 傳回的梯度，形狀和對應的輸入不同（索引從 forward 在 ctx '
                                    '之後的第一個參數算起）；請讓每個梯度與它的輸入同形狀，例如把它擴展或加總成那個形狀。'},
                        {'cases': [['cf-errors', '']],
                         'id': 'function-dirty-not-returned',
                         'summary': '自訂 autograd Function 把某個輸入交給了 '
                                    'ctx.mark_dirty，卻沒有傳回這個張量本身（傳回的是副本或新的張量）；請傳回修改過的那個輸入。引發錯誤時，輸入的值已經變了。'},
                        {'cases': [['var-grad-modes', '']],
                         'id': 'inference-inplace',
                         'summary': '在 torch.inference_mode() 之下建立的張量，離開推論模式後又對它做了原地修改；請先用 clone() 複製，或改用 '
                                    'torch.no_grad()。'},
                        {'cases': [['var-grad-modes', ''], ['dbg-inference-tensors', '']],
                         'id': 'inference-saved',
                         'summary': '自動微分記錄的某個運算，需要為反向傳播儲存一個在 torch.inference_mode() '
                                    '之下建立的張量（換成加法就不會出錯，因為加法不儲存任何張量）；請在推論模式之外用 clone() 複製它，或改在 '
                                    'torch.no_grad() 之下建立。'},
                        {'cases': [['var-requires-grad', '']],
                         'id': 'requires-grad-non-leaf',
                         'summary': '對自動微分算出來的張量設定了 requires_grad；請用 .detach() 取得不帶計算圖的張量。'},
                        {'cases': [['var-register-hook', ''],
                                   ['dbg-module-hooks', '在 torch.no_grad() 之下執行 Grad-CAM：掛上掛鉤的那一層，輸出不需要梯度。']],
                         'id': 'hook-no-grad',
                         'summary': '對不需要梯度的張量呼叫了 register_hook；因此永遠不會有梯度流經它。'},
                        {'cases': [['var-reinforce', '']],
                         'id': 'reinforce-removed',
                         'summary': '這是 PyTorch 0.2 時代的策略梯度程式碼；請改用 torch.distributions 與 log_prob 寫出損失。'},
                        {'cases': [['var-detach', '']],
                         'id': 'detach-view',
                         'summary': '對另一個張量的視圖（view）呼叫了 detach_()；請改用會傳回新張量的 detach()。'},
                        {'cases': [['ddp-ready-twice', '']],
                         'id': 'ddp-ready-twice',
                         'summary': '在 DistributedDataParallel '
                                    '之下，某個參數的梯度掛鉤（hook）在一輪迭代中觸發了兩次：常見原因是可重入（reentrant）的檢查點搭配 '
                                    'find_unused_parameters=True、每一步做兩次反向傳播，或在 forward '
                                    '之外使用參數；請對加總後的損失只做一次反向傳播、使用 static_graph=True，或改用 use_reentrant=False。'},
                        {'cases': [['ddp-anomaly-dtensor', '']],
                         'id': 'dtensor-is-any-true',
                         'summary': '在張量平行（torchtitan）之下，異常偵測模式（set_detect_anomaly(True)、detect_anomaly()）對 '
                                    'DTensor 梯度做 NaN 檢查：DTensor 沒有這項檢查所用運算子的規則；請改用 '
                                    'detect_anomaly(check_nan=False)，再自己檢查每個行程的分片 p.grad.to_local() 有沒有 '
                                    'NaN。'},
                        {'cases': [['ddp-unused', '']],
                         'id': 'ddp-unused',
                         'summary': '在 DistributedDataParallel 之下，上一步有些參數沒有得到梯度（某個輸出頭沒有算進損失、某個分支這次沒有走到，或在建好 '
                                    'DDP 之後才凍結某個輸出頭），所以 DDP 的平均始終沒有完成；請在建立 DDP 時設定 '
                                    'find_unused_parameters=True 或 static_graph=True，或在包裝之前就先凍結；設定 '
                                    'TORCH_DISTRIBUTED_DEBUG=INFO 可以列出這些參數的名稱。'},
                        {'cases': [['ddp-unused', '']],
                         'id': 'ddp-not-needed',
                         'summary': '把一個沒有任何參數需要梯度的模組（只用來算損失的凍結網路，例如感知損失裡的 VGG）包進了 '
                                    'DistributedDataParallel；只包裝要訓練的模型，凍結的網路在每個行程上直接呼叫即可。'},
                        {'cases': [['ddp-unused', '']],
                         'id': 'ddp-undefined-grad-allreduced',
                         'summary': '在 DistributedDataParallel 之下設定了 '
                                    'find_unused_parameters=True，一次前向傳播之後對每個損失各做一次反向傳播：第一次反向傳播就已結束這一輪迭代，之後的反向傳播都沒有取平均；呼叫 '
                                    'zero_grad() 之後，下一步就引發這個錯誤。這不是 DDP 的錯誤：請對加總後的損失只呼叫一次 backward()。'},
                        {'cases': [['tc-double', '對以 torch.compile 編譯的區域求二階導數（create_graph=True）。'],
                                   ['tc-alternatives', '梯度懲罰或其他二階導數改用哪些可行的寫法。']],
                         'id': 'compile-double-backward',
                         'summary': '以 create_graph=True 求出的梯度穿過了 torch.compile（aot_eager 或 '
                                    'inductor）的編譯區域，之後又對它微分；編譯後的反向傳播無法再微分。'},
                        {'cases': [['tc-ca-double', '']],
                         'id': 'compiled-autograd-higher-order',
                         'summary': '編譯式自動微分在以 create_graph=True 記錄梯度時，遇到了編譯區域的反向傳播；請讓前向傳播維持 eager 模式，或用 '
                                    'torch.func 寫懲罰項。'},
                        {'cases': [['tc-donated', '']],
                         'id': 'donated-buffers-retain',
                         'summary': '編譯區域的反向傳播在編譯時，設定成重複使用已儲存張量的記憶體，也就是捐贈緩衝區（donated buffers）；之後的反向傳播卻以 '
                                    'retain_graph=True 或 create_graph=True '
                                    '要求保留這些張量（例如梯度懲罰的內層梯度穿過已編譯的評論器，而評論器的反向傳播已經執行過一次）。'},
                        {'cases': [['tc-graph-break', '']],
                         'id': 'compile-context-reentered',
                         'summary': 'torch 2.13.0 中 torch.compile 的一個 bug：損失由幾個以圖中斷（graph '
                                    'break）分隔的編譯區域組成時，這些區域編譯出的反向傳播都在同一個共用的 contextvars '
                                    '上下文中執行；其中一個還在執行時，另一個就無法進入。PyTorch 之後已修正這個 bug（這一節列出了修正的 pull '
                                    'request）；在你使用的版本納入修正之前，請移除把損失分割開來的圖中斷。'},
                        {'cases': [['pit-leaf-inplace', ''], ['grad-input', ''], ['var-module-tensors', '']],
                         'id': 'leaf-inplace',
                         'summary': '梯度模式開啟時，程式原地修改了你以 requires_grad=True 建立的張量（或參數），例如 w -= lr * w.grad；請在 '
                                    'torch.no_grad() 之下更新，不要透過 .data。'},
                        {'cases': [['pit-leaf-inplace', '']],
                         'id': 'leaf-view-inplace',
                         'summary': '梯度模式開啟時，程式透過視圖（w[0]、w.view(...)）原地修改了需要梯度的葉張量，例如 w[0] = 0；請改在 '
                                    'torch.no_grad() 之下寫入。'},
                        {'cases': [['pit-leaf-inplace',
                                    '對需要梯度的葉張量原地寫入（目前的版本在寫入那一行就會拒絕），以及修正方法：torch.no_grad() 或非原地的寫法。'],
                                   ['int-leaf-moved',
                                    '這則訊息從哪裡來（AccumulateGrad 的檢查）、為什麼舊版本要到 backward() 才出錯，以及在 torch 2.13 '
                                    '上仍會走到它的路徑：先關掉 requires_grad，再用需要梯度的張量做原地操作。']],
                         'id': 'leaf-moved-into-graph',
                         'summary': '執行 backward() 時，葉張量的 AccumulateGrad 節點發現這個葉張量現在有了 '
                                    'grad_fn：計算圖建好之後，有程式碼在梯度模式開啟時原地修改了它。1.8 之前的版本允許透過視圖原地寫入需要梯度的葉張量（w[0] = '
                                    '0、切片賦值），到了這裡才失敗；之後的版本則在寫入的那一行就拒絕。修改葉張量請放在 torch.no_grad() '
                                    '之下；如果這個修改本來就是模型的一部分，就改用非原地的方式計算。'},
                        {'cases': [['pit-leaf-inplace', '']],
                         'id': 'leaf-inplace-at-backward',
                         'summary': '同一個錯誤在 2017 年的措辭：原地修改了需要梯度的葉張量（用 weight[:] = ... 填值的參數、傳進 inplace=True '
                                    '激勵函數的輸入），而當時的版本要到 backward() 才引發錯誤；現在的版本在原地操作當下就會引發錯誤。請在 '
                                    'torch.no_grad() 之下寫入葉張量，或改用非原地的運算。'},
                        {'cases': [['pit-leaf-out', '']],
                         'id': 'out-arg-requires-grad',
                         'summary': '梯度模式開啟時，某個運算收到 out= 引數，要把結果寫進既有的張量，而它用到的張量之中有一個需要梯度；請改成把結果指定給變數（y = x + '
                                    '1），或在 torch.no_grad() 之下寫入。'},
                        {'cases': [['pit-view-inplace', '']],
                         'id': 'multi-output-view-inplace',
                         'summary': '程式原地修改了 split、chunk 或 unbind 傳回的某個視圖（訊息中依版本不同寫作 SplitBackward0、Split 或 '
                                    'Unbind），例如 log_std.clamp_(...)；請改用非原地的運算。'},
                        {'cases': [['pit-view-inplace', '']],
                         'id': 'no-grad-view-inplace',
                         'summary': '在 torch.no_grad() 之內取得視圖，卻在區塊之外原地修改它；請讓取得視圖與修改發生在同一邊，或改為修改用 clone() '
                                    '複製出來的張量。'},
                        {'cases': [['var-today',
                                    'PyTorch 0.3 的程式碼把 volatile=True 傳給 Variable：Variable 和 volatile 現在的作用。'],
                                   ['var-grad-modes',
                                    '取代 volatile=True 的做法：torch.no_grad()、torch.inference_mode() 與 '
                                    'set_grad_enabled，以及三者的差別。']],
                         'id': 'volatile-removed',
                         'summary': '這是 UserWarning：PyTorch 0.3 程式碼裡的 Variable(..., volatile=True) 或 '
                                    '.volatile = True 從 0.4 版起就不再有作用；請改在 torch.no_grad() 或 '
                                    'torch.inference_mode() 之下執行推論。'},
                        {'cases': [['var-today', '舊程式碼讀取 .volatile，而它永遠是 False：Variable 和它的旗標現在是什麼樣子。'],
                                   ['var-grad-modes',
                                    '取代 volatile 的梯度模式：torch.no_grad()、torch.inference_mode() 與 '
                                    'set_grad_enabled。']],
                         'id': 'volatile-read',
                         'summary': '這是 UserWarning：舊程式碼讀取了 .volatile，但這個屬性從 PyTorch 0.4 版起一律是 False；請改為檢查 '
                                    'torch.is_grad_enabled() 或 torch.is_inference_mode_enabled()。'},
                        {'cases': [['cg-grad-vs-backward',
                                    'backward(create_graph=True) 把記錄下來的梯度存進 .grad：這則警告，以及 '
                                    'torch.autograd.grad 為什麼改為直接傳回梯度。'],
                                   ['cg-cycle',
                                    '為什麼會洩漏：p 持有 p.grad，p.grad 持有它的計算圖，計算圖又持有 p；把 .grad 設為 '
                                    'None（optimizer.zero_grad()）就能打破這個循環。'],
                                   ['ddp-param-grad',
                                    '在 DistributedDataParallel 下，backward(create_graph=True) '
                                    '先發出這則警告，接著在歸約器（reducer）裡出錯：對參數梯度加懲罰項時，請改用 torch.autograd.grad。']],
                         'id': 'create-graph-cycle',
                         'summary': '這是 UserWarning：backward(create_graph=True) '
                                    '存下的梯度帶著一張連回所屬參數的計算圖，形成循環參照，讓計算圖一直存活；請改用 torch.autograd.grad(..., '
                                    'create_graph=True)，或在用完後把每個 .grad 設為 None。'},
                        {'cases': [['pit-non-leaf-grad',
                                    '讀取中間張量的 .grad：在 backward() 之前呼叫 retain_grad()，或改讀葉張量的 .grad。'],
                                   ['pit-grad-none', 'backward() 之後 .grad 仍是 None 的所有原因，這則警告只是其中之一。'],
                                   ['pit-leaf-device',
                                    '在 requires_grad=True 之後才用 .to() 或 .cuda() 移動張量，移動後的副本因此成了非葉張量。'],
                                   ['var-retain-grad',
                                    '保留非葉張量的梯度：retain_grad() 會把梯度存進 .grad，第二次反向傳播還會累加上去。']],
                         'id': 'non-leaf-grad',
                         'summary': '這是 UserWarning（舊版本的訊息結尾是「for more informations」）：程式讀取了中間張量的 .grad，得到的是 '
                                    'None；請在 backward() 之前對它呼叫 retain_grad()，或改讀葉張量的 .grad。'},
                        {'cases': [['mem-oom', '訓練或評估時記憶體不足：看懂記憶體的各項數字，找出原因。'],
                                   ['mem-what-grows', '每輪迭代增長的是什麼：訓練迴圈中本該維持不變的記憶體，以及是什麼留住了先前迭代的計算圖。'],
                                   ['mem-gc', '記憶體不足後重試又失敗：只有垃圾回收器才會釋放的回溯訊息（traceback）。'],
                                   ['pit-running-loss', '以張量形式累加的損失總和，留住了每一輪迭代的計算圖。']],
                         'id': 'cpu-out-of-memory',
                         'summary': 'CPU 記憶體配置器無法為張量配置所需的記憶體（Windows 上的訊息是「not enough memory」）；CUDA 上對應的錯誤是 '
                                    'torch.OutOfMemoryError: CUDA out of memory。調小批次大小之前，先找出哪些記憶體隨著迭代不斷增長。'},
                        {'cases': [['dbg-anomaly-nan', ''],
                                   ['pit-data-parallel-loss',
                                    '停在 BroadcastBackward（使用 nn.DataParallel 與 GradScaler 時）：各副本的無窮大梯度加總成了 '
                                    'NaN；這種梯度本來就在縮放器的預料之中，它會跳過那一步。'],
                                   ['var-anomaly', '']],
                         'id': 'anomaly-nan',
                         'summary': '異常偵測模式在某個反向節點傳回的梯度中發現了 NaN。第 N 個輸出是該運算第 N 個引數的梯度，從 0 開始數（PowBackward1 的 '
                                    '1th output 就是指數的梯度）。常見原因：底數為負的冪運算，在 0 處的 sqrt、log 或除法，torch.where '
                                    '的陷阱，或是前向傳播就已產生的 NaN（整列都遮住的 softmax）。'},
                        {'cases': [['dbg-anomaly-nan', '']],
                         'id': 'anomaly-no-forward-info',
                         'summary': '執行 backward() 時開啟了異常偵測模式，前向傳播時卻沒有開啟，所以出錯的節點沒有前向傳播的回溯訊息：每個節點在建立時才記下 '
                                    'Python 呼叫堆疊。前向傳播也要在異常偵測模式下執行（在訓練迴圈之前呼叫 set_detect_anomaly(True)）。'},
                        {'cases': [['int-accumulator', '']],
                         'id': 'saved-leaf-no-accumulator',
                         'summary': '只出現在舊版：反向傳播要解包一個需要梯度、已儲存的葉張量，但這個葉張量的 AccumulateGrad '
                                    '節點只靠弱指標記著，早已不在了，因為計算圖裡沒有任何一條邊留住它（某個節點儲存了不屬於自己輸入的葉張量）。提問者的解法是在 R1 '
                                    '梯度懲罰之後，把那批資料的 requires_grad 改回 False，或是不經過 checkpoint 直接呼叫那個區塊；torch '
                                    '2.13 不會再出現這個錯誤。'},
                        {'cases': [['dbg-numpy', '']],
                         'id': 'numpy-requires-grad',
                         'summary': '對仍屬於計算圖的張量呼叫了 numpy()（np.asarray、matplotlib 與 scikit-learn 也會替你呼叫）；請改用 '
                                    'tensor.detach().cpu().numpy()，單一數值則用 .item()。'},
                        {'cases': [['dbg-numpy', '']],
                         'id': 'scalar-requires-grad',
                         'summary': '對需要梯度的張量（例如損失）呼叫了 float()；改用 loss.item() 可得到同一個數值，且不會出現警告。'},
                        {'cases': [['tc-autograd-function', '']],
                         'id': 'saved-variables-deprecated',
                         'summary': '自訂 autograd.Function 讀的是 ctx.saved_variables，也就是 ctx.saved_tensors 在 '
                                    '0.x 版時的名稱。eager 模式的 autograd 仍能執行，torch.compile 卻追蹤不了（Function 退回 eager '
                                    '模式執行，在 fullgraph=True 下則直接丟出錯誤）：請改讀 ctx.saved_tensors。'},
                        {'cases': [['dbg-module-hooks', '']],
                         'id': 'non-full-backward-hook',
                         'summary': 'register_backward_hook 已棄用：它的掛鉤看到的是模組內最後一個運算的梯度，而不是模組輸入的梯度。請改用 '
                                    'register_full_backward_hook。'},
                        {'cases': [['dbg-module-hooks', '']],
                         'id': 'full-backward-hook-no-input-grad',
                         'summary': '模組的輸入都不需要梯度（例如作為資料的影像），所以完整反向掛鉤執行時 grad_input 全是 None；若需要對輸入的梯度，請對輸入呼叫 '
                                    'requires_grad_()。'},
                        {'cases': [['dbg-module-hooks', '']],
                         'id': 'mixed-backward-hooks',
                         'summary': '模組一旦註冊過 register_backward_hook 的掛鉤，即使已呼叫 handle.remove()，也不再接受 '
                                    'register_full_backward_hook；請重新建立模組。'},
                        {'cases': [['dbg-module-hooks', '']],
                         'id': 'backward-hook-inplace',
                         'summary': '帶有完整反向掛鉤的模組後面接著原地操作，例如 nn.ReLU(inplace=True)；請改用前向掛鉤加張量掛鉤（Grad-CAM '
                                    '的做法），或改用非原地的 ReLU。'},
                        {'cases': [['dbg-jit-hooks', '']],
                         'id': 'scriptmodule-not-supported',
                         'summary': '在 torch.jit.script 編譯過的模型上註冊了模組掛鉤：ScriptModule 沒有反向掛鉤，編譯之前掛在 eager '
                                    '模組上的反向掛鉤也從來不觸發。請在 eager 模組上除錯，或對進出編譯後模型的張量註冊張量掛鉤（register_hook）。'},
                        {'cases': [['mem-oom', '訓練或評估時記憶體不足：看懂記憶體的各項數字，找出原因。'],
                                   ['mem-allocator', '已配置與保留的記憶體，以及為什麼 empty_cache() 對你自己行程的這個錯誤沒有幫助。'],
                                   ['mem-what-grows', '每輪迭代增長的是什麼：訓練迴圈中本該維持不變的記憶體，以及是什麼留住了先前迭代的計算圖。'],
                                   ['mem-gc', '記憶體不足後重試又失敗：只有垃圾回收器才會釋放的回溯訊息（traceback）。'],
                                   ['mem-val-oom', '訓練跑得動，驗證卻記憶體不足：輸入比訓練時大、沒有 torch.no_grad()、為了計算指標而保留的輸出。'],
                                   ['mem-oom-batch-one',
                                    '批次大小調到 1 還是記憶體不足：單一輸入的大小（影像區塊的邊長、序列長度、圖的邊數）決定了激勵值的大小，批次再小也一樣。'],
                                   ['mem-second-step', '第一步放得下，第二步卻記憶體不足：最佳化器的狀態在第一次 step() 時才建立。'],
                                   ['pit-running-loss', '以張量形式累加的損失總和，留住了每一輪迭代的計算圖。']],
                         'id': 'cuda-out-of-memory',
                         'summary': 'GPU 上的 '
                                    'torch.OutOfMemoryError：快取記憶體配置器即使把快取的區塊還給驅動程式，仍找不到張量所需的記憶體。調小批次大小之前，先找出哪些記憶體隨著迭代不斷增長，或是什麼留住了計算圖；訊息中「reserved '
                                    'but unallocated」的數字若很大，表示記憶體碎片化。'},
                        {'cases': [['mem-ckpt-reentrant',
                                    '網路的第一個區塊以 use_reentrant=True 對資料做檢查點：它的參數永遠拿不到梯度。']],
                         'id': 'checkpoint-no-input-requires-grad',
                         'summary': '這是 torch.utils.checkpoint 在 use_reentrant=True 時發出的 '
                                    'UserWarning：檢查點區塊的張量引數沒有一個需要梯度（例如網路的第一個區塊直接接收資料），所以它的輸出沒有計算圖，區塊的參數也拿不到梯度，不知不覺就停止訓練了。請改用 '
                                    'use_reentrant=False。'},
                        {'cases': [['grad-clip', ''], ['dbg-anomaly-nan', ''], ['grad-amp', '']],
                         'id': 'clip-nonfinite',
                         'summary': '以 error_if_nonfinite=True 呼叫 clip_grad_norm_ 時，有某個梯度是 inf 或 '
                                    'NaN；不加這個旗標的話，它會傳回非有限的範數，並讓所有梯度都變成 '
                                    'NaN。先找出是哪個參數，再找原因（損失本身、某個運算的導數，或混合精度下經過縮放的梯度）。'},
                        {'cases': [['cf-errors', '']],
                         'id': 'function-legacy-non-static',
                         'summary': '自訂 autograd Function 用的是 PyTorch 0.3 的寫法（forward 和 backward 是使用 self '
                                    '的方法，並以 MyFunction()(x) 呼叫實例）；請把兩個方法都改成以 ctx 為第一個參數的靜態方法，並改用 '
                                    'MyFunction.apply(x) 呼叫。'},
                        {'cases': [['cf-need-function', '']],
                         'id': 'function-backward-not-implemented',
                         'summary': '自訂 autograd Function 只定義了 forward、沒有 '
                                    'backward（torch/autograd/function.py 裡預設的 backward 會引發這個錯誤）。自動微分看不到 '
                                    'forward 裡的運算，也就無法對它們微分：如果每一步都是 PyTorch 運算，就拿掉這個 Function，改寫成一般函式或 '
                                    'nn.Module；否則請自己寫 backward。'},
                        {'cases': [['cf-errors', '']],
                         'id': 'function-backward-not-implemented-old',
                         'summary': '自訂 Function 沒有自己的 backward 時的舊版措辭。在 torch 1.7 及其前後的版本，即使 Function 定義了 '
                                    'backward，只要 forward 沒有加上 @staticmethod，也會出現這個錯誤：apply 記錄的是基底類別的節點，而它的 '
                                    'backward 就是這個預設實作。請用 @staticmethod 裝飾 forward 和 backward；torch 2.13 '
                                    '則能直接執行這樣的類別。'},
                        {'cases': [['cf-errors', '']],
                         'id': 'function-forward-output-none',
                         'summary': '某個自訂 Function 的 forward（.forward 前面的名稱去掉 Backward 就是它）傳回了 '
                                    'None，而舊版本要求這裡是張量；常見於為另一個 torch 版本建置的函式庫 Function。請安裝與你的 torch '
                                    '相符的函式庫版本，或升級 torch（新版接受 None 輸出）；retain_graph=True 修不好這個錯誤。'},
                        {'cases': [['grad-not-implemented', ''],
                                   ['cg-attention', ''],
                                   ['cg-gradient-penalty', '']],
                         'id': 'derivative-not-implemented',
                         'summary': '自動微分沒有訊息所指運算的導數（哪個運算都有可能；較舊的版本印出名稱時不帶 aten::）。名稱以 _backward '
                                    '結尾，表示缺的是二階導數，是梯度懲罰或 Hessian 經過了它：改用可微分的運算寫出同一個函式、用自訂 Function 自己寫 '
                                    'backward，或者在 PyTorch 後來已補上導數時升級（grid_sample 的二階導數在 2026 年加入）。'},
                        {'cases': [['grad-not-implemented', ''], ['cg-gradient-penalty', '']],
                         'id': 'derivative-not-implemented-formula',
                         'summary': '缺少導數的另一種措辭，出現在 PyTorch 把某個輸入的公式標為 not_implemented 的時候：名稱以 _backward '
                                    "結尾（'_cdist_backward'）的是二階導數，其他名稱（'igamma: "
                                    "input'、'zeta'）則是一階導數。改用可微分的運算寫出同一個函式，或在自訂 Function 裡自己寫 "
                                    'backward（手邊沒有公式時，用有限差分，再以 gradcheck 檢查），或者在較新的版本已有公式時升級（torch 2.14 補上了 '
                                    "'_cdist_backward'）。"},
                        {'cases': [['grad-not-implemented', '']],
                         'id': 'sparse-reshape-not-implemented',
                         'summary': '稀疏梯度傳到了一個在反向傳播中要對它做 reshape 的運算，典型情況是把稠密權重 view 成可廣播的形狀，乘上堆疊起來的稀疏矩陣（sp '
                                    '* w.view(-1, 1, 1)）；請讓每個稀疏矩陣各乘一個純量權重再相加，或把權重乘在 torch.sparse_coo_tensor '
                                    '的 values 上。'},
                        {'cases': [['grad-forward-missing', '']],
                         'id': 'forward-ad-not-implemented',
                         'summary': '前向模式的轉換（torch.func.jvp、jacfwd、即 jacfwd(jacrev) 的 hessian、對偶張量，或 '
                                    "strategy='forward-mode' 的 "
                                    'jacobian）遇到了只有反向公式、沒有前向公式的運算：融合注意力核心、grid_sample、cdist，以及某些裝置的核心。請留在反向模式：Hessian '
                                    '矩陣用 jacrev(jacrev(f))，Hessian 向量積用 grad(f) 的 vjp，Jacobian 向量積用 '
                                    'torch.autograd.functional.jvp；或者改用具備這條公式的核心（注意力的 math 後端）。'},
                        {'cases': [['grad-gradient-arg', '']],
                         'id': 'grad-output-shape',
                         'summary': '傳給 backward(gradient) 或 autograd.grad(grad_outputs=) '
                                    '的梯度，形狀和它所對應的張量不同：output[0] 是你的張量，grad_output[0] 是你傳入的梯度。舊的 WGAN 程式碼對 0 '
                                    '維的損失傳入 torch.FloatTensor([1])：改寫成 (-loss).backward()，或用 '
                                    'torch.ones_like(output) 建立梯度。'},
                        {'cases': [['grad-gradient-arg', '']],
                         'id': 'grad-output-shape-invalid-gradient',
                         'summary': '同一個形狀檢查的舊版措辭：傳給 backward(gradient=...) 的梯度，形狀和呼叫 backward 的那個張量不同，例如 '
                                    'Grad-CAM 程式碼對加總的結果（形狀 []）傳入了形狀與 logits 相同的 [10, 2] 梯度。請對這個純量呼叫不帶梯度的 '
                                    'backward()，或改對 logits 呼叫 backward 並傳入這個梯度。'},
                        {'cases': [['ddp-dataparallel-replica-grad', '']],
                         'id': 'multi-output-view-base-modified',
                         'summary': '某個函式傳回了自己輸入的多個視圖（例如自訂 Function 原樣傳回輸入，DataParallel 的 Broadcast '
                                    '就是這樣把參數本身交給第一張 GPU '
                                    '當作複本）；其中一個視圖的基底經過原地修改之後，程式又用到了這個視圖，常見的原因是同一張計算圖的兩次反向傳播之間呼叫了 '
                                    'optimizer.step()。請在最佳化步驟之前做完所有反向傳播，或改為傳回 clone()。'},
                        {'cases': [['ddp-dataparallel-grad', ''],
                                   ['cg-custom',
                                    '前面是別的名稱（例如 SRU_Compute_GPULegacyBackward）：函式庫的自訂 Function，backward 是 '
                                    'CUDA 核心，又遇上梯度懲罰。']],
                         'id': 'scatter-not-twice-differentiable',
                         'summary': '在 PyTorch 0.2 上，透過包在 nn.DataParallel 裡的模型計算梯度懲罰（像 WGAN-GP 或 DRAGAN 那樣以 '
                                    'create_graph=True 呼叫 autograd.grad）：那個版本裡，DataParallel 分發批次的 Scatter '
                                    '無法做二次微分。修正方法是升級：從 0.3.0 起，Scatter 與 Gather 的 backward 函式本身也可以微分（見 2.13 '
                                    '版的 torch/nn/parallel/_functions.py），梯度懲罰不必改寫，就能直接透過 DataParallel '
                                    '計算。前面換成別的名稱時（例如 0.3 版的 SRU_Compute_GPULegacyBackward），同樣的字句表示那個自訂 '
                                    'Function 的 backward（常是 CUDA 核心）無法再微分：見自訂 Function 的情況。'},
                        {'cases': [['grad-gradient-arg', ''], ['pit-non-scalar', '']],
                         'id': 'complex-backward',
                         'summary': '對複數純量呼叫了不帶 gradient 的 '
                                    'backward()；只有實數值的損失才有梯度。改成對絕對值（.abs()）或實部做歸約：把複數差直接平方（z ** '
                                    '2）得到的損失仍是複數，|z| ** 2 才是實數。較舊的版本會默默只對實部微分。'},
                        {'cases': [['grad-func-errors', ''], ['cg-per-sample', '']],
                         'id': 'functorch-requires-grad',
                         'summary': '傳給 torch.func.grad、vmap 或 jacrev 的函式呼叫了 requires_grad_()，或呼叫了內部會用到它的 '
                                    'torch.autograd.functional.jacobian、hessian。在轉換裡，輸入早已受到追蹤：所有導數都用轉換本身來算。'},
                        {'cases': [['grad-func-errors', ''], ['cg-per-sample', '']],
                         'id': 'functorch-backward',
                         'summary': '傳給 vmap 或 torch.func.grad 的函式呼叫了 loss.backward()。逐樣本梯度要用 '
                                    'vmap(grad(loss_fn)) 來算，模型參數透過 functional_call 傳入，而不是對每個樣本呼叫 '
                                    'backward()。'},
                        {'cases': [['grad-func-errors', '']],
                         'id': 'vmap-item',
                         'summary': '在 vmap 之下的函式把張量轉成了 Python 數字（.item()、float()、int()，或以張量做會觸發這種轉換的索引）；在 '
                                    'vmap 之下，一次呼叫代表整個批次，沒有單一的數字可取。讓這個值維持張量。'},
                        {'cases': [['grad-func-errors', '']],
                         'id': 'vmap-item-functorch',
                         'summary': 'vmap 遇到 .item() 時，functorch 早期的錯誤措辭：在 vmap 之下的函式呼叫了 .item()（或 '
                                    'float()、int()），而一次呼叫代表整個批次，沒有單一的數字可取。讓這個值保持為張量，直接拿它做索引，不要先轉成 Python '
                                    '數字。'},
                        {'cases': [['dbg-history', '']],
                         'id': 'functorch-new-args',
                         'summary': '早期 functorch（2021 年）的 bug：把 make_functional 傳回的參數元組當成一個引數交給 '
                                    'jacrev（單獨使用，或為了逐樣本梯度放在 vmap '
                                    '之下），它卻把元組拆開了；訊息最後的數字就是元組裡的張量個數。幾天內就已修正；torch 2.0 以後請改用 '
                                    'torch.func，把參數放進字典，再呼叫 functional_call。'},
                        {'cases': [['grad-func-errors', '']],
                         'id': 'vmap-dynamic-shape',
                         'summary': '在 vmap 裡（逐樣本梯度、vmap(jacrev(...))），輸出形狀取決於數值的運算（這裡是透過布林遮罩索引或賦值，nonzero '
                                    '也一樣）無法替整個批次給出同一個形狀；請改用 torch.where，在完整的形狀上算出兩個分支。'},
                        {'cases': [['grad-func-errors', '']],
                         'id': 'vmap-control-flow',
                         'summary': '在 vmap 之下的函式在 if 或 while 裡用到張量（if x.sum() > '
                                    '0:）；批次裡的每個樣本可能需要走不同的分支。兩邊都算出來，再用 torch.where 逐元素選取。'},
                        {'cases': [['grad-func-errors', '']],
                         'id': 'vmap-item-or-control-flow',
                         'summary': '在 vmap(jacrev(...)) 或 vmap(grad(...)) 之下的函式把張量轉成了 Python '
                                    '數字，或依張量的值決定分支（對張量寫 if 或 while，例如自適應 ODE '
                                    '求解器的停止條件）；一次呼叫代表整個批次，沒有單一的答案。讓值維持張量，把 if 改寫成 torch.where；迴圈長度取決於資料時，就在 '
                                    'Python 裡對樣本逐一迴圈，或對求解器本身的批次呼叫先沿批次加總再微分。'},
                        {'cases': [['grad-func-errors', '']],
                         'id': 'functorch-captured-mutation',
                         'summary': '在 torch.func.grad、jacrev、jacfwd 或 vjp '
                                    '之下的函式，原地寫入了一個不是作為輸入傳進來的張量；最常見的是訓練模式下的 BatchNorm 原地更新它的移動統計量。把緩衝區透過 '
                                    'functional_call 當作輸入傳進去、改用 eval()，或呼叫 '
                                    'torch.func.replace_all_batch_norm_modules_。'},
                        {'cases': [['gb-batchnorm', '']],
                         'id': 'batchnorm-running-stats-grad',
                         'summary': 'batch_norm 在 running_mean（或 running_var）的位置上收到了需要梯度的張量：移動統計量的緩衝區被改成了 '
                                    'Parameter，或是從帶有計算圖的張量複製而來；也可能是 torch.batch_norm '
                                    '的引數順序讓權重落到了這個位置。統計量要以不需要梯度的緩衝區傳入，自己呼叫時先對它們呼叫 detach()。'},
                        {'cases': [['grad-overlap', '']],
                         'id': 'overlap-written-to',
                         'summary': '原地操作寫入的張量是 expand（或其他步幅為 0 的視圖）產生的，它的元素共用記憶體。寫入之前先呼叫 .clone()（或改用 '
                                    'repeat），或改成非原地的更新。'},
                        {'cases': [['grad-overlap', '']],
                         'id': 'overlap-input-written-to',
                         'summary': '一次寫入的來源是目的地本身的視圖，例如 x[1] = x[1].transpose(0, 1)。先對來源呼叫 .clone()。'},
                        {'cases': [['grad-nondiff', ''], ['cf-non-differentiable', '']],
                         'id': 'isfloating-grads',
                         'summary': 'PyTorch 1.5 以前：backward() 把梯度送進了一個需要梯度的整數張量，它是 argmax 或 argsort '
                                    '的結果，或是自訂 Function 的整數輸出（點雲程式碼裡的最遠點取樣或分組）。在 Function 的 forward 裡對索引呼叫 '
                                    'ctx.mark_non_differentiable，或對它呼叫 detach()；現在的版本不會讓整數張量需要梯度。'},
                        {'cases': [['grad-nondiff', ''], ['cf-non-differentiable', '']],
                         'id': 'isfloating-grads-type',
                         'summary': '同一個錯誤在 PyTorch 1.3 與 1.4 的措辭：梯度送進了一個需要梯度的整數張量，通常是自訂 Function '
                                    '的索引輸出，而它沒有呼叫 ctx.mark_non_differentiable。'},
                        {'cases': [['pit-loss-number', '']],
                         'id': 'number-has-no-backward',
                         'summary': '對 Python 數字而不是張量呼叫了 backward()：遇到沒有任何目標可比較的批次（例如沒有目標框的影像）時，損失函式傳回了 '
                                    '0（或浮點數）；請傳回 pred.sum() * 0，或跳過這一步。'},
                        {'cases': [['grad-func-errors', '']],
                         'id': 'vmap-inplace-extra-args',
                         'summary': '在 vmap '
                                    '之下的函式把一個帶有批次維度的值，原地寫進它自己以固定形狀建立的張量（torch.zeros(x.shape)、torch.zeros(n)）；整個批次共用這一個緩衝區，沒辦法為每個樣本各存一個值。請改用 '
                                    'torch.zeros_like(x) 或 x.new_zeros(...) '
                                    '從輸入建立它，或者不用原地寫入來組出結果（torch.stack、torch.cat、torch.where）。'},
                        {'cases': [['grad-func-errors', '']],
                         'id': 'batchnorm-input-dim',
                         'summary': 'BatchNorm2d 收到的張量少了批次維度：在 vmap '
                                    '之下（逐樣本梯度、vmap(jacrev(model))），每次呼叫看到的是一個形狀為 [C, H, W] 的樣本；不在 vmap '
                                    '之下時，則是傳入單張影像卻沒有呼叫 '
                                    'unsqueeze(0)。請給模型一個批次：model(x.unsqueeze(0)).squeeze(0)。'},
                        {'cases': [['cg-hvp', '']],
                         'id': 'func-grad-output',
                         'summary': 'torch.func.grad 微分的是只傳回一個純量張量的函式，而這個函式傳回了別的東西：最常見的是對「以參數字典為輸入的損失」寫 '
                                    'grad(grad(f))，內層 grad 傳回了一個梯度字典。二階導數是梯度的 Jacobian：請用 '
                                    'torch.func.hessian(f) 或 jacrev(grad(f))；只要 Hessian 向量積時，用 jvp(grad(f), '
                                    '...)。'},
                        {'cases': [['ddp-grad-strides', '']],
                         'id': 'ddp-grad-strides',
                         'summary': '這是 DDP 的歸約器（reducer）發出的 UserWarning：某個梯度的步幅和它的參數在建立 DDP 時的步幅不一樣。如果只在長度為 '
                                    '1 的維度上不同（例如 1x1 卷積的權重，輸入是 '
                                    'channels_last），梯度本身沒有錯，代價只是一次按步幅的複製，可以直接關掉這個警告。要把模型轉成 '
                                    'channels_last，請在包進 DDP 之前做，不要在之後。'},
                        {'cases': [['mem-ckpt-metadata', '']],
                         'id': 'checkpoint-recomputed-metadata',
                         'summary': '不可重入的 checkpoint 在反向傳播時重跑這個區塊，第二次儲存的張量在形狀、dtype '
                                    '或裝置上和第一次不同：區塊除了輸入之外還讀了某個狀態，而它在兩次之間變了，例如鍵值快取（use_cache=True）、分片函式庫已經釋放的參數，或路由器的統計量。請把這類狀態移出區塊。'},
                        {'cases': [['cg-not-require', ''], ['cg-unused', '']],
                         'id': 'grad-input-no-requires-grad',
                         'summary': '向 torch.autograd.grad 要求某個張量的梯度，但這個張量不需要梯度：通常是 model.parameters() '
                                    '列出的凍結參數，或從未標記過的輸入。請只傳入需要梯度的張量（[p for p in model.parameters() if '
                                    'p.requires_grad]），或先對輸入呼叫 requires_grad_()；allow_unused=True 幫不上忙。'},
                        {'cases': [['cf-func', '']],
                         'id': 'function-jvp-missing',
                         'summary': '前向模式自動微分（forward_ad 的對偶張量、torch.func.jvp、jacfwd、hessian）遇到了只定義 '
                                    'backward、沒有 jvp 的自訂 autograd Function；請加上 jvp 靜態方法，由它傳回輸出的切向量，所需的張量用 '
                                    'ctx.save_for_forward '
                                    '儲存；或者改用反向模式（jacrev、torch.autograd.functional.jacobian）。'},
                        {'cases': [['dbg-amp-scaler', '']],
                         'id': 'amp-unscale-fp16',
                         'summary': 'GradScaler 會把梯度除以縮放因子，但不接受 float16 的梯度：模型的參數是 float16（呼叫過 '
                                    'model.half()、有人手動把某一層轉成 float16，或 float16 模型上的可訓練轉接器權重）。請讓參數維持 '
                                    'float32，由 torch.autocast 以 float16 計算；或改用 bfloat16，不需要縮放器。'},
                        {'cases': [['dbg-amp-scaler', '']],
                         'id': 'amp-unscale-twice',
                         'summary': '在 scaler.update() 之前呼叫了兩次 '
                                    'scaler.unscale_(optimizer)：梯度累積時每個微批次之後都呼叫，或是迴圈在溢位之後跳過了 '
                                    'scaler.update()。每個最佳化步驟中，unscale_()、梯度裁剪、step() 和 update() 都只做一次，而且每次 '
                                    'scaler.step() 之後都要呼叫 scaler.update()。'},
                        {'cases': [['amp-grad-dtype', '']],
                         'id': 'mixed-dtype-scalar-type',
                         'summary': '某個運算（bmm、卷積、帶權重的 nll_loss、函式庫自己的 CUDA 核心）在 autocast 之外同時拿到 float16 和 '
                                    'float32 的運算元：模型有一部分用 .half() 轉過或以 float16 載入（8 位元載入會讓部分模組維持 '
                                    'float32），或是把 float32 的輸入交給 float16 的模型。請讓參數維持 float32、在 torch.autocast '
                                    '下執行前向傳播，或整個模型以同一種 dtype 載入，或把不一致的那個運算元轉型。'},
                        {'cases': [['amp-grad-dtype', '']],
                         'id': 'mixed-dtype-mat1-mat2',
                         'summary': 'nn.Linear（或 addmm）在 autocast 之外拿到 dtype 不同的輸入和權重：float32 的層收到 float16 '
                                    '的輸入，或者反過來。請讓參數維持 float32、在 torch.autocast 下執行前向傳播，或把輸入轉成權重的 dtype。'},
                        {'cases': [['dbg-amp-scaler', '']],
                         'id': 'lr-scheduler-before-step',
                         'summary': '排程器第一次呼叫 step() 時，最佳化器還沒執行過任何一次 optimizer.step()。使用 GradScaler '
                                    '且順序正確時，這表示縮放器因為梯度出現非有限值而跳過了第一步；縮放因子逐步降低的期間這很正常，沒有害處。沒有使用縮放器時，請先呼叫 '
                                    'optimizer.step() 再呼叫 scheduler.step()。'},
                        {'cases': [['dbg-amp-no-inf', '']],
                         'id': 'amp-no-inf-checks',
                         'summary': 'scaler.step(optimizer) 在這個最佳化器的參數中找不到任何一個帶有梯度的參數，並不是溢位。最常見的原因是 '
                                    'zero_grad() 放在 backward() 和 step() '
                                    '之間；其次是最佳化器只握有凍結的參數（例如以推論模式載入的轉接器），或是損失根本傳不到這些參數。請在前向傳播之前清除梯度。'},
                        {'cases': [['dbg-amp-no-inf', '']],
                         'id': 'amp-scale-none',
                         'summary': '縮放器的 unscale_、step 或 update 在任何一次 scaler.scale(loss) 之前就執行了：迴圈直接呼叫 '
                                    'loss.backward()（在 Lightning 的手動最佳化中，就是用了 loss.backward() 而不是 '
                                    'self.manual_backward(loss)）。每個損失都要先經過縮放，再呼叫 backward()。'},
                        {'cases': [['dbg-amp-several', '']],
                         'id': 'amp-step-twice',
                         'summary': '同一個最佳化器連續兩次呼叫 scaler.step，中間沒有 scaler.update()：可能是迴圈從來不呼叫 '
                                    'update()，也可能是串列裡同一個最佳化器出現了兩次。每個最佳化器只呼叫一次 step，接著每次迭代呼叫一次 '
                                    'scaler.update()。'},
                        {'cases': [['pit-empty-params', '']],
                         'id': 'optimizer-empty-params',
                         'summary': '建立最佳化器時，它一個張量也沒有拿到：可能是依 requires_grad '
                                    '篩選之前，所有參數都已凍結；或模型把各層放在普通的串列（list）裡（請改用 nn.ModuleList）；或 '
                                    'model.parameters() 這個產生器已經用完了。請解凍要訓練的部分、註冊各層，並傳入一個串列。'},
                        {'cases': [['mem-ckpt-metadata', '']],
                         'id': 'checkpoint-recomputed-count',
                         'summary': '不可重入的 checkpoint 在反向傳播時重跑這個區塊，第二次走了另一條路徑：區塊裡的某個選擇（用 Python 的 random '
                                    '決定的隨機深度、在反向傳播之前呼叫的 model.eval() 或改過的旗標）讀到了 checkpoint '
                                    '不會還原的狀態。請在區塊外做出選擇再當成引數傳入，或改用 torch.rand 抽籤，或等反向傳播結束之後再切換模式。'},
                        {'cases': [['ddp-unused-warning', '']],
                         'id': 'ddp-find-unused-no-unused',
                         'summary': 'DDP 的歸約器（reducer）發出的警告：某次迭代的前向傳播第一次用到了所有參數（通常就是第一次迭代）時發出，每個行程只發一次。這表示 '
                                    'find_unused_parameters=True '
                                    '帶來的計算圖走訪只是白白花時間，除非之後的迭代會跳過某個分支。如果每次用到的參數都一樣，請傳入 '
                                    'find_unused_parameters=False；如果某個分支只是有時才走，就保留這個旗標，不必理會警告。'},
                        {'cases': [['cf-backward-in-backward', ''], ['mem-ckpt-grad', '']],
                         'id': 'checkpoint-reentrant-grad-old',
                         'summary': '同一個錯誤的舊版措辭：對可重入的 checkpoint（use_reentrant=True，舊版的預設）使用了 '
                                    'torch.autograd.grad 或 backward(inputs=...)；請傳入 use_reentrant=False。'},
                        {'cases': [['tc-graph-break', '']],
                         'id': 'compile-mirrored-meta',
                         'summary': '用 torch.compile 編譯的函式對自己的輸出呼叫了 torch.autograd.backward，Dynamo '
                                    '沒有跳過這個呼叫，而是追蹤了進去：這是 Dynamo 本身的缺陷，後來已經修正（小節裡附有修正的連結）。請升級，或在編譯的函式之外呼叫 '
                                    'backward()。'},
                        {'cases': [['var-assign-parameter', '']],
                         'id': 'assign-parameter',
                         'summary': '程式把一個普通張量指定給存放 nn.Parameter 的模組屬性，這個張量通常是從參數本身算出來的（self.w = '
                                    'F.softmax(self.w)）；請把結果存進區域變數，若權重每次呼叫都要重新計算，請使用 '
                                    'torch.nn.utils.parametrize。'},
                        {'cases': [['var-assign-parameter', '']],
                         'id': 'register-parameter-tensor',
                         'summary': '傳給 register_parameter 的是普通張量；請先把它包成 '
                                    'nn.Parameter：register_parameter(name, nn.Parameter(tensor))。'},
                        {'cases': [['var-module-tensors',
                                    'model.to(device) 之後出現 cuda:0 and cpu：普通張量屬性留在 CPU 記憶體、輸入沒有搬過去，或 forward '
                                    '裡建立張量時沒有指定裝置。'],
                                   ['var-dp-replica',
                                    '在 nn.DataParallel 下用兩張 GPU 時出現 cuda:1 and '
                                    'cuda:0：每個副本只會收到廣播過來的參數和緩衝區，所以普通張量屬性仍然留在 cuda:0。']],
                         'id': 'tensors-same-device',
                         'summary': '同一個運算收到了分處兩個裝置的張量。訊息是 cuda:0 and cpu 時：模組當作普通屬性存放的張量在 model.to(device) '
                                    '之後仍留在 CPU 記憶體，或是批次資料沒有搬到 GPU，或是 forward 建立張量時沒有指定 device=。在 '
                                    'nn.DataParallel 下出現 cuda:1 and cuda:0 時：普通的張量屬性不會複製到其他 GPU 上的副本。這類張量請用 '
                                    'register_buffer 註冊。'},
                        {'cases': [['tc-module-backward-hook', '']],
                         'id': 'compile-module-backward-hook',
                         'summary': 'torch.compile(..., fullgraph=True) '
                                    '遇到了帶有完整反向掛鉤（register_full_backward_hook）的模組，而 Dynamo '
                                    '只有在啟用編譯式自動微分（compiled autograd）時才能追蹤它。請拿掉 '
                                    'fullgraph=True（帶有掛鉤的模組會產生圖中斷，掛鉤照常觸發），或設定 '
                                    'torch._dynamo.config.compiled_autograd = True，並在編譯過的訓練步驟裡呼叫 '
                                    'backward()。'},
                        {'cases': [['pit-validation-backward', '']],
                         'id': 'cudnn-rnn-eval',
                         'summary': '在 GPU 上，backward() 或 autograd.grad() 經過了處於評估模式的 nn.LSTM、nn.GRU 或 '
                                    'nn.RNN：cuDNN 的 RNN 核心只在訓練模式下保留反向傳播需要的資料。常見的原因是驗證或取樣函式呼叫了 '
                                    'model.eval()，之後卻沒有任何地方再呼叫 model.train()；請在每個 epoch 開頭呼叫它、只把 RNN '
                                    '切回訓練模式，或在 torch.backends.cudnn.flags(enabled=False) '
                                    '之下執行前向與反向傳播。起作用的是前向傳播執行時的模式：在前向傳播之後、backward() 之前才呼叫 train() '
                                    '沒有用；請在前向傳播之前，用 [n for n, m in model.named_modules() if not m.training] '
                                    '列出仍在評估模式的模組。'},
                        {'cases': [['var-retain-grad', '']],
                         'id': 'retain-grad-no-grad',
                         'summary': '對不需要梯度的張量呼叫了 retain_grad()：這個張量不屬於任何計算圖（由 .data 或 detach() 得來、在 '
                                    'torch.no_grad() 裡算出，或只由不需要梯度的張量算出），梯度永遠傳不到它。請改用需要梯度的張量來算它，並且只在 '
                                    'requires_grad 為 True 時呼叫 retain_grad()。'},
                        {'cases': [['pit-loss-dtype', '']],
                         'id': 'loss-target-dtype',
                         'summary': '損失函數拿浮點數的預測去比對另一種 dtype 的目標（整數標籤，或由 NumPy 轉來的 float64 '
                                    '目標）；有些損失函數在前向傳播就出錯，有些要到反向傳播才出錯，跟損失值本身的 dtype '
                                    '無關。修正方法是轉換目標：target.float() 或 target.to(output.dtype)。'},
                        {'cases': [['pit-deepcopy-graph', '']],
                         'id': 'deepcopy-non-leaf',
                         'summary': 'copy.deepcopy 碰到了帶有 grad_fn 的張量：通常是模組的 forward（或前向掛鉤）存到 self '
                                    '上的中間結果，所以做過一次前向傳播之後，deepcopy(model) 就會失敗，常見於 EMA 輔助類別或保存最佳模型的時候；也可能是用舊版 '
                                    'torch.nn.utils.weight_norm 包裝過的層，它的權重帶有 '
                                    'grad_fn，這時連一次前向傳播都不必做，複製就會失敗。中間結果請改存呼叫 detach() 之後的張量、在複製前刪掉這個屬性，或用 '
                                    'state_dict() 複製權重；舊版 weight_norm 請換成 '
                                    'torch.nn.utils.parametrizations.weight_norm。'},
                        {'cases': [['pit-grad-none-zero', '']],
                         'id': 'grad-none-zero',
                         'summary': '執行 x.grad.zero_()（或 x.grad.data）時 x.grad 還是 None：第一次傳到 x 的 backward() '
                                    '還沒執行，或者 x 根本不需要梯度。請在更新之後才清零，或先檢查 `if x.grad is not '
                                    'None`；若要輸入的梯度，請在前向傳播之前對輸入呼叫 requires_grad_()。'},
                        {'cases': [['pit-resize-requires-grad', '']],
                         'id': 'resize-requires-grad',
                         'summary': '對需要梯度的張量呼叫了 '
                                    'resize_()，通常是用來收集模型輸出的緩衝區：先前把需要梯度的輸出原地複製進去，緩衝區就成了計算圖的一部分。請改為複製 '
                                    'output.detach()，或在 torch.no_grad() 裡做這些記錄工作。'},
                        {'cases': [['cf-errors', '']],
                         'id': 'function-returns-view-no-grad',
                         'summary': 'torch 1.4 及更早的版本不允許這樣做：自訂 Function 在 torch.no_grad() 之下執行，而它的 forward '
                                    '傳回需要梯度的輸入的視圖（x[:]、x.view(...)）。請升級；仍在這類版本上時，改為傳回 clone() 複製出的張量。'},
                        {'cases': [['cf-view-output-inplace', ''], ['dbg-module-hooks', '']],
                         'id': 'function-view-inplace',
                         'summary': '原地操作改動了自訂 Function 的輸出（或它的切片），而這個輸出是視圖：forward '
                                    '傳回了輸入的視圖，或直接傳回輸入本身。自動微分拒絕執行，因為改寫視圖的歷史會繞過這個 Function 的 backward。請複製輸出（在 '
                                    'forward 裡或 apply 之後呼叫 clone()），或改用非原地操作。'},
                        {'cases': [['cf-save-non-tensor', '']],
                         'id': 'save-for-backward-non-tensor',
                         'summary': 'ctx.save_for_backward 收到了不是張量的東西（數字、尺寸組成的元組、旗標）。它只接受張量和 None；其他值請當成屬性存在 '
                                    'ctx 上（ctx.factor = factor），並在 backward 裡對它們傳回 None。'},
                        {'cases': [['cf-errors', '']],
                         'id': 'expected-proper-tensor-got-none',
                         'summary': 'TorchScript（或 C++）裡的某個運算需要張量，收到的卻是 None：傳給 Tensor 引數的 None，TorchScript '
                                    '會當成未定義的張量。常見原因是自訂 Function 的 forward 在某條路徑上傳回 None，例如代理梯度把 return 寫在 if '
                                    'x.requires_grad 裡面，在 torch.no_grad() 下就什麼也沒傳回。請讓每條路徑都傳回張量。'},
                        {'cases': [['mem-ckpt-reentrant', '']],
                         'id': 'checkpoint-use-reentrant-explicit',
                         'summary': '呼叫 torch.utils.checkpoint 時沒有傳 use_reentrant，就會發出這個 UserWarning：torch '
                                    '2.13 這時仍執行可重入實作，並要你明確選擇。請傳 use_reentrant=False（建議使用；輸入不需要梯度的區塊也能訓練），或傳 '
                                    'use_reentrant=True 保留原本的行為。'},
                        {'cases': [['mem-ckpt-reentrant', '']],
                         'id': 'checkpoint-use-reentrant-explicit-old',
                         'summary': '同一個 UserWarning 的舊版措辭（torch 2.1 和緊接其後的版本）：呼叫 checkpoint 時沒有傳 '
                                    'use_reentrant。請傳 use_reentrant=False（建議使用），或傳 use_reentrant=True '
                                    '保留原本的行為。'},
                        {'cases': [['var-grad-modes', '']],
                         'id': 'inference-requires-grad',
                         'summary': '對在 torch.inference_mode() 裡建立的張量呼叫了 requires_grad_()（或設定 '
                                    'requires_grad=True）。推論張量不能這樣加入自動微分的記錄；請改在 torch.no_grad() '
                                    '裡建立它，或在推論模式之外用 clone() 從它得到一個普通張量。'},
                        {'cases': [['pit-loss-dtype', '']],
                         'id': 'loss-target-cast',
                         'summary': 'binary_cross_entropy_with_logits（BCEWithLogitsLoss）收到了整數標籤：損失以浮點數計算，無法寫進目標的整數 '
                                    'dtype。修正方法是轉換目標：target.float() 或 target.to(output.dtype)。'},
                        {'cases': [['var-node-hooks', '']],
                         'id': 'post-accumulate-hook-return',
                         'summary': '用 register_post_accumulate_grad_hook 註冊的掛鉤傳回了張量。這種掛鉤拿到的是參數本身，不是它的梯度（與 '
                                    'register_hook 不同），而且必須傳回 None；要改梯度，請在掛鉤裡原地修改 '
                                    'param.grad。原地修改它的引數，改到的是權重本身，而且不會出現任何錯誤。'},
                        {'cases': [['ddp-deepspeed-engine', '']],
                         'id': 'deepspeed-eval-backward',
                         'summary': 'DeepSpeed ZeRO-3 的 AssertionError（ZeRO-2 沒有這項檢查）：反向傳播走到了一個 training 旗標為 '
                                    'False 的子模組。PyTorch 本身在 eval 模式下照樣能做反向傳播。原因是模型為了生成、評分或評估切到了 '
                                    'eval()，之後沒有切回來：在訓練用的前向與反向傳播之前呼叫 model.train()，或升級 DeepSpeed。'},
                        {'cases': [['rg-gan', '']],
                         'id': 'lightning-multiple-optimizers',
                         'summary': '這是 Lightning 2.x 的 RuntimeError，不是 PyTorch 的：LightningModule '
                                    '傳回兩個最佳化器（GAN 或 VQGAN 的生成器與鑑別器），而 training_step 帶著 optimizer_idx '
                                    '參數，或沒有關掉自動最佳化。Lightning 1.x 會對每個最佳化器各呼叫一次 '
                                    'training_step，再用傳回的損失更新對應的最佳化器；2.x 不再這樣做。把 pytorch-lightning 固定在 2.0 '
                                    '之前的版本，或設定 self.automatic_optimization = False，在 training_step 裡自己依序呼叫 '
                                    'zero_grad()、manual_backward() 和 step()，鑑別器的損失要用 detach() 過的生成結果計算。'}]},
 'keywords': {'amp-grad-dtype': "Under torch.autocast the gradients are float32, not float16: the gradient's "
                                'precision is single precision (FP32). Is autocast failing to cast '
                                'gradients? model.half() gives float16 gradients; mixed precision keeps '
                                'float32 master weights and their .grad. RuntimeError: expected scalar type '
                                'Half but found Float, expected scalar type Float but found Half, mat1 and '
                                'mat2 must have the same dtype, but got Half and Float, expected m1 and m2 '
                                'to have the same dtype: a model converted with half() or loaded with '
                                'load_in_8bit and torch_dtype float16, fine-tuning ChatGLM with LoRA and '
                                '--fp16 on a V100 fails when run step by step. What will happen if I use '
                                "mixed_precision in Accelerate but don't add with accelerator.autocast()? "
                                'Without the flag the code raises an out of memory error; '
                                "accelerator.prepare wraps the model's forward in autocast.",
              'cf-backward-in-backward': "Calling torch.autograd.grad or backward inside a custom Function's "
                                         'backward, for recomputation or a reversible network (RevNet), '
                                         'needs torch.enable_grad(). A custom Function that calls backward '
                                         'or autograd.grad inside its backward on a graph kept from forward: '
                                         'a second backward with retain_graph=True fails with Trying to '
                                         'backward through the graph a second time; the Function cannot see '
                                         'the retain_graph flag. Checkpointing is not compatible with '
                                         '.grad() in a jvp calculation: torch.autograd.functional.jvp calls '
                                         'autograd.grad itself, and torch.func.jvp asks for setup_context; '
                                         'use use_reentrant=False. Why does the following autograd.grad() '
                                         "return None inside a custom Function's backward? Recording is off "
                                         'in backward, so the recomputed output has no graph; use '
                                         'torch.enable_grad().',
              'cf-ctx-attribute': 'A custom autograd Function that stores tensors as ctx attributes instead '
                                  'of save_for_backward leaks memory, and backward can be called twice '
                                  'without error. Why should a custom Function save tensors with '
                                  'ctx.save_for_backward and not directly on ctx? To avoid incorrect '
                                  'gradients and memory leaks. Unable to train a TGCN model due to double '
                                  "backprop runtime error: a custom Function or a library's executor called "
                                  'once per time step (a GRU cell in a temporal GNN) keeps its state on the '
                                  "module, so the second call overwrites the first call's state; Trying to "
                                  'backward through the graph a second time, or a wrong gradient. Save per '
                                  'call with ctx.save_for_backward.',
              'cf-errors': "My custom autograd Function's backward fails: returned an incorrect number of "
                           'gradients (expected 2, got 1), returned an invalid gradient at index 0 (wrong '
                           'shape), or some elements marked as dirty were not returned as output. How many '
                           'values must backward return, and of what shape? Legacy autograd function with '
                           'non-static forward method is deprecated: an old-style Function with '
                           'self.saved_tensors in a custom backward (You must implement the backward '
                           'function for custom autograd.Function). Function MmBackward0 returned an invalid '
                           'gradient at index 0: why forward did not fail and backward did (a weight '
                           'replaced through .data). Returning Variables sharing storage with other '
                           'Variables that require grad is not supported in Python functions, under '
                           'torch.no_grad(). The gradient of inputs are None after backward through a CUDA '
                           'extension Function that returns None for them, no error; gradcheck finds it. The '
                           'gradients of the inputs are None after backward through a custom Function. '
                           'Legacy autograd function error although there exists @staticmethod before '
                           'forward and backward: the Function is still called as an instance, '
                           'MyFunction()(x); call MyFunction.apply(x). predict.py of an SSD port raises it '
                           'in Detect; is downgrading PyTorch the only way? The gradient of inputs are None '
                           'after backward through a custom autograd Function: its backward returns None for '
                           "those inputs. A custom autograd Function's backward that sums the output along "
                           'the batch dimension instead of failing: a gradient whose shape the input '
                           'broadcasts to is summed down. NotImplementedError: You must implement the '
                           'backward function for custom autograd.Function, with forward and backward '
                           'written without @staticmethod on torch 1.7. TypeError: '
                           '_module_function_backwardBackward.forward: expected Tensor or tuple of Tensor '
                           '(got NoneType) for return value 0, still there after adding retain_graph '
                           '(tiny-cuda-nn on torch 1.7.1). KeOps: GenredAutogradBackward returned an '
                           'incorrect number of gradients (expected 14, got 13) with '
                           'logsumexp_reduction(dim=1, call=False) called as fun(xc): the LazyTensor already '
                           'holds its tensors; call fun() with no argument or d.logsumexp(dim=1); pykeops '
                           '2.3 says Invalid number of arguments in call to Genred. A PyTorch version '
                           "problem: an old-style Function (an SSD detector's Detect) instantiated and then "
                           'called fails from PyTorch 1.5 on; no need to downgrade PyTorch or reinstall '
                           'CUDA: make forward and backward static methods and call Detect.apply. Gaussian '
                           'splatting: Function _RasterizeGaussiansBackward returned an invalid gradient at '
                           'index 2 - got [0, 0, 3] but expected shape compatible with [0, 16, 3] in '
                           'loss.backward() on a custom COLMAP dataset; the leading 0 means the scene has no '
                           'Gaussians left (empty point cloud, all points pruned). Gaussian splatting: '
                           'Function _GaussRasterizerFunctionBackward returned an invalid gradient at index '
                           '3 - got [0, 0, 3] but expected shape compatible with [0, 16, 3]. Gaussian '
                           'surfels backward error in loss.backward() at the first iteration (0%) when '
                           'training with masks (--with_mask) on custom data: mask_prune removed every '
                           'point. How to tell autograd a custom Function needs no backward at inference '
                           'under torch.no_grad(), when forward saves tensors on ctx. After adding a custom '
                           'surrogate gradient function (SpikingJelly neuron): RuntimeError: Expected a '
                           'proper Tensor but got None (or an undefined Tensor in C++) for argument #0 '
                           "'self', in jit_hard_reset at torch.neg(b). forward returns None when x does not "
                           'require grad (the return inside if x.requires_grad), and '
                           'save_for_backward(input) saves the built-in input instead of x.',
              'cf-func': 'Using a custom autograd Function with torch.func vmap, grad or jacrev (per-sample '
                         'gradients, functorch) needs setup_context and generate_vmap_rule. Forward '
                         'differentiation cannot access ctx.saved_tensors: the jvp staticmethod finds them '
                         'empty under torch.func.jvp, jacfwd or hessian; save them with '
                         'ctx.save_for_forward. Unable to use vmap on a function containing the ODE solver '
                         '(torchdiffeq odeint): functorch functions (vmap, grad, vjp, etc.) currently do not '
                         "support the use of autograd.Function. A library's autograd.Function under vmap "
                         'without setup_context. How to save an intermediate of forward for backward with '
                         'setup_context without computing it twice: return it as an extra output, '
                         'mark_non_differentiable and save_for_backward in setup_context. Is forward(ctx, '
                         '...) still supported? Some docs are outdated about how to access ctx object in '
                         'forward function.',
              'cf-gradcheck': 'gradcheck fails: RuntimeError Jacobian mismatch for output 0 with respect to '
                              'input 1, numerical and analytical differ. Input requires gradient and is not '
                              'a double precision floating point; gradcheck in float32 vs float64 (double). '
                              'DCNv2 deformable convolution test.py check_gradient_dconv fails. gradcheck at '
                              'a non-differentiable point (relu at 0), eps, atol and rtol tolerances. '
                              'gradcheck runs out of memory on real input sizes: it tries to allocate 40000 '
                              'GiB on the GPU (CUDA out of memory), because the full Jacobian has input '
                              'elements times output elements entries; check tiny float64 inputs, or use '
                              'fast_mode=True.',
              'cf-mark-dirty': 'An in-place custom autograd Function must call ctx.mark_dirty, or the '
                               'gradient through the modified tensor is silently wrong.',
              'cf-materialize': 'A custom Function with two outputs where the loss uses only one: '
                                'grad_output of the unused output is a tensor of zeros; '
                                'ctx.set_materialize_grads(False) passes None instead, and backward fails '
                                'with a TypeError unless it checks for None.',
              'cf-need-function': 'When can backward() be safely omitted in a custom autograd Function? Does '
                                  'a custom loss need its own backward, and how do I know if an operation is '
                                  'supported by autograd automatically? A loss written from torch operations '
                                  'needs no Function and no backward; NotImplementedError: You must '
                                  'implement either the backward or vjp method. The same NotImplementedError '
                                  "from a library's Function (mamba_ssm, causal-conv1d, Mamba-based YOLO "
                                  "training): find the class in the loss's graph and check the installed "
                                  'versions of torch and the library. Backward issues: You must implement '
                                  'the backward function for custom autograd.Function; pointops '
                                  'FurthestSampling and KNNQuery do not have a backward, point transformer '
                                  'knn_query backward error; detach the coordinates or call it under '
                                  'torch.no_grad(), or add a backward that returns None.',
              'cf-non-differentiable': 'How to return an index or a mask from a custom autograd Function: '
                                       'the argmax or sort indices output has requires_grad=True and a '
                                       'grad_fn; ctx.mark_non_differentiable makes it a constant.',
              'cf-once': 'When to use @once_differentiable: a custom Function whose backward uses NumPy or a '
                         "CUDA kernel cannot do double backward; what 'trying to differentiate twice a "
                         "function that was marked with @once_differentiable' means. tiny-cuda-nn second "
                         'derivative: RuntimeError: DifferentiableObject::backward_backward_input_impl: not '
                         'implemented; an eikonal loss on an SDF through a hash-grid extension. Second '
                         'derivative, calling autograd.grad twice causes an error with '
                         'tcnn.NetworkWithInputEncoding and a hash-grid encoding: use tcnn.Encoding followed '
                         'by torch nn.Linear layers.',
              'cf-save-non-tensor': 'TypeError: save_for_backward can only save variables, but argument 1 is '
                                    'of type tuple (or int): what save_for_backward may save in a custom '
                                    'autograd Function, and where other objects go (ctx attributes).',
              'cf-view-output-inplace': 'Output 0 of SliceBackward0 is a view and is being modified inplace. '
                                        'This view was created inside a custom Function (or because an input '
                                        'was returned as-is): an in-place write or index assignment into the '
                                        'output of an autograd.Function; clone the output. backward not '
                                        'called with a custom op: I wrote a CustomOp with '
                                        'torch.autograd.Function, but the custom backward is not called; the '
                                        'Function changed its input in place and returned it.',
              'cf-what-to-save': 'My custom Function passes gradcheck but fails gradgradcheck: the second '
                                 'derivative (gradient penalty, Hessian) is wrong without an error.',
              'cg-attention': 'RuntimeError: derivative for '
                              'aten::_scaled_dot_product_efficient_attention_backward is not implemented (or '
                              '_scaled_dot_product_flash_attention_backward, '
                              '_flash_attention_for_cpu_backward): a gradient penalty, second-order MAML '
                              'with learn2learn first_order=False, or higher order derivatives through '
                              'scaled_dot_product_attention in diffusers attention processors or a '
                              'transformer. Use sdpa_kernel(SDPBackend.MATH) for that forward pass; '
                              'sdp_kernel(enable_math=True) does not help.',
              'cg-custom': 'RuntimeError: SRU_Compute_GPULegacyBackward is not differentiable twice: a '
                           'WGAN-GP gradient penalty through a custom CUDA kernel Function; not '
                           'differentiable twice.',
              'cg-cycle': "The warning 'Using backward() with create_graph=True will create a reference "
                          "cycle' and the memory leak it names. Memory leak with "
                          'backward(create_graph=True): the parameter, its .grad and the graph keep each '
                          'other alive. Memory leak under full backward hook with '
                          'backward(create_graph=True), even with .grad reset: fixed in August 2022 by '
                          'pytorch#82788; upgrade. OOM eventually when using create_graph=True with BackPACK '
                          'BatchL2Grad: an extension keeps param.batch_l2 and other attributes on the '
                          'parameters, which hold the graph after zero_grad; delete them or disable the '
                          'extension.',
              'cg-grad-vs-backward': 'Difference between torch.autograd.grad and torch.autograd.backward: '
                                     'grad returns the gradients, backward accumulates them into .grad. '
                                     'Backward on tensors inside training_step: is it safe to call '
                                     '.backward() inside training_step when the loss depends on the '
                                     'gradients? torch.autograd.grad with create_graph=True returns the '
                                     'gradients and writes no .grad. autograd.backward() or autograd.grad()? '
                                     'If using .grad(), the gradients will not be accumulated into .grad. '
                                     'Problem of the get_normals() method: it uses backward with '
                                     'retain_graph=True; since create_graph is not True the normals are not '
                                     'differentiable, and calling backward might mess up the grad of other '
                                     'leaf nodes (nerfstudio); use torch.autograd.grad(density, positions, '
                                     'grad_outputs, retain_graph=True).',
              'cg-gradient-penalty': 'WGAN-GP gradient penalty: the gradient of the critic with respect to '
                                     'its input needs create_graph=True. With an LSTM or GRU critic on the '
                                     'GPU it fails: Double backwards is not supported for CuDNN RNNs; use '
                                     'torch.backends.cudnn.flags(enabled=False). Old wordings: derivative '
                                     'for _cudnn_rnn_backward is not implemented (a WGAN critic or '
                                     'second-order MAML with higher through an LSTM), CudnnRNNLegacyBackward '
                                     'is not differentiable twice. NaN during training: torch.sqrt in the '
                                     'gradient penalty returns NaN, and adding 1e-8 under the sqrt does not '
                                     'help, because the gradient norm explodes and overflows. Retention of '
                                     'the gradient penalty graph: what is the role of retaining the graph of '
                                     'the gradient penalty (create_graph=True) for the backward pass? A loss '
                                     'on the derivative of the output with respect to the input (predict a '
                                     'value and its derivation): grad_x = torch.autograd.grad(output.sum(), '
                                     'x) without create_graph=True gives loss_z.grad_fn = None, so that loss '
                                     'term does not train the model, with no error. Why did you only '
                                     'backward the gradient penalty (GP) in WGAN-GP instead of the entire '
                                     'D_cost = D_fake - D_real + gradient_penalty? D_cost is not '
                                     'backpropagated: D_real.backward(mone), D_fake.backward(one) and '
                                     'gradient_penalty.backward() accumulate to the gradient of D_cost. '
                                     'implement the wgangp for pix2pix: Trying to backward through the graph '
                                     'a second time, even I only call backward once (I am updating D '
                                     'multiple times before updating G). WGAN-GP with several critic '
                                     'iterations per generator step fails on the second critic step: the '
                                     'gradient penalty interpolates with fake instead of fake.detach(). '
                                     'PyTorch code for Improved Training of Wasserstein GANs; is there an '
                                     'easy way to compute the gradient of the gradient norm? Gradient '
                                     'penalty norm dim=1 wrong shape: gradients.norm(2, dim=1) on image '
                                     'gradients of shape [batch_size, 1, 32, 32] enforces gradients to be '
                                     'close to 1 element-wise; use gradients.view(batch_size, -1) or '
                                     'flatten(1) before the norm. Should the WGAN-GP critic use BatchNorm? '
                                     'No: the penalty is per sample.',
              'cg-hvp': 'Hessian-vector product (hessian_vector_product, HVP) fails with element 0 of '
                        'tensors (or variables) does not require grad and does not have a grad_fn: the first '
                        'torch.autograd.grad needs create_graph=True. Full Hessian with '
                        'torch.autograd.functional.hessian or torch.func.hessian. Hessian with respect to '
                        'model weights (nn.Parameter) returns a matrix filled with zero: '
                        'torch.autograd.functional.hessian(func, layer.weight) when func does not use its '
                        'argument; use functional_call. Cannot get the second-order gradients for a '
                        'functional: grad(grad(compute_loss)) fails with Expected f(*args) to return a '
                        'Tensor, got dict; use torch.func.hessian or jacrev(grad(f)). Scalability of the '
                        'Hessian-free product Hz with torch.autograd.grad: how is it not O(n²)? It does not '
                        'compute the full Hessian. How does PyTorch compute the second-order Jacobian (the '
                        'Hessian)? The second-order Jacobian matrix is the Hessian matrix. x20 slower when '
                        'computing Hessian-vector product than gradient in a CNN with BatchNorm: BN slows '
                        'down double backprop (batchnorm_double_backward); time it with '
                        'torch.cuda.synchronize(), or use model.eval().',
              'cg-not-require': 'RuntimeError: One of the differentiated Tensors does not require grad when '
                                'calling torch.autograd.grad(loss, model.parameters()): a frozen layer or '
                                'backbone (requires_grad=False) is in the list; loss.backward() works but '
                                'autograd.grad fails; filter the parameters with p.requires_grad, or call '
                                'requires_grad_() on the input for a saliency or attribution method. A part '
                                'of the network needs requires_grad=False, and the meta-learning inner-loop '
                                'update (gradient_update_parameters in torchmeta, a MAML step) then fails: '
                                'autograd.grad is taken over every parameter of the model, frozen ones '
                                'included; pass only the parameters that require grad. LoRA on a Stable '
                                'Diffusion (latent-diffusion, ldm) code base with use_checkpoint=True raises '
                                "One of the differentiated Tensors does not require grad: the blocks' "
                                'checkpoint(self._forward, inputs, self.parameters(), flag) differentiates '
                                'the frozen base weights too; set use_checkpoint=False or pass only the '
                                'parameters that require grad. Really use LoRA? Why set all parameter '
                                'gradients to True after injecting LoRA (score.requires_grad_(True))? It '
                                'becomes full fine-tuning, but commenting out this line causes an error and '
                                'training fails: guided-diffusion CheckpointFunction with use_checkpoint '
                                'asks for the gradients of frozen parameters.',
              'cg-per-sample': 'How to compute per-sample (per-example) gradients, for DP-SGD or gradient '
                               'clipping per example: vmap over torch.autograd.grad fails with element 0 of '
                               'tensors does not require grad; use torch.func.vmap(torch.func.grad(...)) '
                               'with functional_call. What is the state of support for BatchNorm and Dropout '
                               'layers with per_sample_grads vmap: Expected more than 1 value per channel '
                               'when training, Batch norm got a batched tensor as input, '
                               'replace_all_batch_norm_modules_, eval mode or GroupNorm; vmap called random '
                               "operation while in randomness error mode, randomness='different' or 'same'. "
                               'Small difference between functorch grads and torch.autograd.grad: vmap and a '
                               'loop differ by 1e-6 in float32 because of summation order; both are right. '
                               "Can't vmap autograd.grad over outputs: reuse the autograd graph the forward "
                               'pass already built for per-sample gradients, without a second forward pass: '
                               'torch.autograd.grad on the vector of per-sample losses with torch.eye as '
                               'grad_outputs and is_grads_batched=True. What is torch.vmap and how to use it '
                               'over a batch: in_dims says which dimension of each input is mapped; '
                               'in_dims=(None, 0, 0) shares the parameters and maps over the samples and '
                               'their targets.',
              'cg-retain': 'Why does retain_graph default to the value of create_graph?',
              'cg-unused': 'One of the differentiated Tensors appears to not have been used in the graph '
                           'when computing Hessian eigenvalues or a hypergradient: some parameters do not '
                           'reach the loss; allow_unused=True and materialize_grads=True, and when zeros are '
                           'right. create_graph=True results in a grad_fn error for a differentiable '
                           'function: the derivative of 2x is a constant without grad_fn. 2nd derivative '
                           "doesn't appear to work with grad_outputs and autograd.grad on an nn.Linear "
                           'layer: its first derivative is a constant without a grad_fn, so the second '
                           'derivative is zero. Autograd.grad not making a higher order graph for scaling '
                           'functions: torch.autograd.grad seems to not create graph if the function being '
                           'differentiated has a second derivative of 0. For (2 * x).sum() the first '
                           'derivative is a constant without grad_fn, and the second grad raises element 0 '
                           'of tensors does not require grad; the second derivative is zero. '
                           'torch.autograd.grad returns None for some inputs: they do not reach the output, '
                           'and allow_unused=True gives None for them. Second derivative fails if the first '
                           'derivative happens to be constant: element 0 of tensors does not require grad '
                           "and does not have a grad_fn. 'torch.func.vmap' incompatible with "
                           'torch.autograd.grad and tensor slicing: torch.autograd.grad(loss, '
                           "params['weight'][i], allow_unused=True) returns None for a slice of stacked "
                           'parameters (stack_module_state); the slice is a new tensor made after the loss; '
                           'differentiate with respect to the stacked tensor and index the gradient.',
              'cg-what': 'How to compute a second derivative in torch: grad of grad with create_graph=True, '
                         "higher-order derivatives. What does 'compute higher order derivative products' in "
                         'the torch.autograd.grad documentation mean? With create_graph=True the gradient is '
                         'recorded, so it can be differentiated again. Why does the gradient returned by '
                         "torch.autograd.grad have requires_grad False, so that the gradient penalty's "
                         'backward fails? Without create_graph=True the returned gradient is not recorded. '
                         'The behavior of tensor.grad after backpropagation: is x.grad itself part of the '
                         'computation graph after backward(create_graph=True)? Why does the gradient '
                         'returned by autograd.grad not require grad (requires_grad False) without '
                         'create_graph, so that a later backward fails? Computing the second derivative with '
                         'backpropagation in PyTorch (second-order derivative with torch). The variable '
                         "returned by autograd.grad has requires_grad False ('no required computing "
                         "gradients'), and the later backward of the gradient penalty fails: pass "
                         'create_graph=True.',
              'dbg-amp-no-inf': 'AssertionError: No inf checks were recorded for this optimizer in '
                                'scaler.step(optimizer), Trainer fp16, Accelerate or LoRA fine-tuning, '
                                'although the loss is normal: all params in the optimizer have None grad and '
                                'are skipped in unscale_; deleting optimizer.zero_grad() makes it run but '
                                'the loss does not converge; an adapter loaded with '
                                'PeftModel.from_pretrained without is_trainable=True (trainable params: 0), '
                                'freeze training with a quantized model; Attempted unscale_ but _scale is '
                                'None in Lightning manual optimization with 16-mixed precision '
                                '(loss.backward() instead of manual_backward).',
              'dbg-amp-scaler': 'Mixed precision (AMP) errors with torch.cuda.amp.GradScaler or '
                                'torch.amp.GradScaler: ValueError: Attempting to unscale FP16 gradients '
                                '(model.half(), fp16 LoRA fine-tuning, Accelerate clip_grad_norm_); '
                                'RuntimeError: unscale_() has already been called on this optimizer since '
                                'the last update() with gradient accumulation (gradient_accumulation_steps > '
                                '1); UserWarning: Detected call of lr_scheduler.step() before '
                                'optimizer.step() with GradScaler; the loss becomes nan with AMP because '
                                'optimizer.step() is called after scaler.step(optimizer); autocast fp16 '
                                'without GradScaler, gradients underflow to zero. Does '
                                'self.scaler.step(self.optimizer) mean optimizer.step()? The scaler calls '
                                'optimizer.step() and skips the step when the gradients overflow. AMP makes '
                                'the loss nan: after training for a while the loss suddenly becomes nan, and '
                                'lowering the learning rate or raising batch_size does not help; look for an '
                                'optimizer.step() called after scaler.step(optimizer).',
              'dbg-amp-several': 'GradScaler with multiple optimizers and multiple losses: one scaler or two '
                                 'for a GAN generator and discriminator under AMP, where to call '
                                 'scaler.update() (once per iteration, after every scaler.step), '
                                 "scaler.update() called twice by Accelerate's AcceleratedOptimizer with two "
                                 'optimizers, RuntimeError: step() has already been called since the last '
                                 "update(), when to update the gradient scaling factor with SAM's two "
                                 'updates.',
              'dbg-anomaly-nan': 'The loss becomes nan and gradients are NaN; detect_anomaly says Function '
                                 "'PowBackward1' returned nan values in its 1st output (0th output): what "
                                 'output N means; NaN in backward from pow, sqrt, log, division by zero, a '
                                 'norm or torch.where; SoftmaxBackward0 returned nan with an attention mask '
                                 'that hides a whole row. Gradients become NaN during training; loss inf '
                                 'then nan; float16 overflow past 65504 in fine-tuning, fp16 vs bf16; exp or '
                                 'a learned power overflows (robust loss, Nan occurs in backward '
                                 'loss_otherwise); eigh, eig or svd backward NaN with repeated eigenvalues, '
                                 'eigvalsh; MmBackward0 returned nan values only with anomaly detection '
                                 'under AMP GradScaler (skipped steps, get_scale); which layer produces NaN '
                                 'inside a transformers model (forward hooks, isfinite); torch.norm of a '
                                 'zero slice gives MulBackward0 nan in old versions. Gradients contaminated '
                                 'by unused inputs: NaN rows sliced away after a Linear layer still make '
                                 'weight.grad NaN (0 * nan); a loss divided by the number of positives is '
                                 'nan for a batch without positives (torch.sum(gt_score) is zero): '
                                 'clamp(min=1), nan_to_num. Second gradient gives NaN with '
                                 'torch.autograd.set_detect_anomaly(True): the second derivative of a norm '
                                 'or a pairwise distance (cdist) at zero, DivBackward0 returned nan values; '
                                 'mask the zero distances before the norm. SolveBackward or '
                                 'LinalgSolveExBackward0 returned nan values in its 0th output: torch.solve '
                                 'or torch.linalg.solve with a singular or nearly singular matrix; add eps * '
                                 'I (not eps) or use pinv. The test fails only with anomaly detection; '
                                 'without anomaly detection the test does not throw an error: a NaN in an '
                                 'intermediate node that torch.where drops later. '
                                 'torch.autograd.detect_anomaly stops tracing back further into the code: '
                                 'Error detected in SqrtBackward0. No forward pass information available, '
                                 'enable detect anomaly during forward pass; run the forward under anomaly '
                                 'mode too. The loss suddenly becomes nan when training from scratch, loss '
                                 'and grad_norm are nan: find the first step whose loss or grad norm is not '
                                 'finite (torch.isfinite before optimizer.step), skip it and check its '
                                 'batch. LoRA fine-tuning logs loss 0.0 and grad_norm nan at every step with '
                                 'fp16: float16 overflow in the forward pass, use bf16 or fp32; '
                                 'logging_nan_inf_filter. Are the weights already NaN? Without GradScaler '
                                 '(bf16 or fp32 Trainer) clip_grad_norm_ with a NaN norm writes NaN into '
                                 'every weight and the loss is 0.0 or nan from then on; a trainer that skips '
                                 'non-finite grad_norm steps (CosyVoice update_parameter_and_lr) keeps the '
                                 'weights finite, so a nan loss comes from the forward pass of that batch. '
                                 'How to avoid nan output from atan2 during backward pass? Function '
                                 "'Atan2Backward0' returned nan values in its 0th output; the phase of a "
                                 'spectrogram; adding 1e-7 to zero denominators gives a gradient of 1e7, inf '
                                 'in float16. Masking in transformer decoders with -inf rather than 0s: why '
                                 'the attention mask fills -inf, not 0, and whether the gradient is then '
                                 'ill-defined. grad_norm Nan question: how to adjust the gradient when the '
                                 'loss is Nan and then 0 from some point in the epoch (epoch=0.53) on. The '
                                 'loss becomes nan at the same epoch (epoch 4) in every run: a data problem; '
                                 'after changing max_seq the data loads incompletely, find the batch that '
                                 "first gives nan. We're hitting nans when computing the second gradient: "
                                 "the second derivative or Hessian is NaN at 1.1755e-38 (float32's smallest "
                                 'normal number, torch.finfo tiny), Dirichlet log_prob; is it underflow or '
                                 'overflow? A first derivative of -8e37 overflows at the next derivative: '
                                 "compute in float64, or clamp the value away from 0. norm can't "
                                 'backpropagate with 0<p<1: NormBackward1 returned nan values in its 0th '
                                 'output; tensor.norm(p=0.5) with a zero element; the gradient of |x|^p at '
                                 "0; torch 2.13's vector_norm returns 0 there, a hand-written p-norm is NaN; "
                                 'add eps. During the first iterations the training loss is decreasing, then '
                                 "suddenly I get a nan. Nan loss and NormBackward1: Function 'NormBackward1' "
                                 'returned nan values in its 0th output, now LinalgVectorNormBackward0; '
                                 'torch.norm(mu, 2, dim=1) in a discriminative loss, NaN centroid of an '
                                 'empty cluster or instance with no points, 0/0 mean, clamp the count. Why '
                                 'does the dice loss (dsc loss) give nan during training, while ce loss '
                                 '(cross-entropy) on the same code is fine? Self-adjusting dice loss (1 - p) '
                                 '** alpha, smooth term, empty mask. MultiDSCLoss or BinaryDSCLoss with '
                                 'alpha=1.0, smooth=1.0 gives nan: the logits are already nan or inf before '
                                 'the loss. How to calculate surface normals of a NeRF (instant-NGP, '
                                 'ngp_pl): torch.autograd.grad(sigmas, surface_points, '
                                 'torch.ones_like(sigmas)) gives noisy normals with many NaN values; exp '
                                 'density activation overflows in float16 (65504), use softplus or '
                                 'trunc_exp. The first few batches print a normal loss, then it is nan for '
                                 "good (UniRE, SciERC, scibert): BERT's output is NaN on some samples with a "
                                 'newer transformers version; downgrading transformers to 4.2.2 (the version '
                                 'in the README) fixed it; pin the library versions the repository lists.',
              'dbg-closure-no-grad': 'PyTorch Lightning: element 0 of tensors does not require grad and does '
                                     'not have a grad_fn when using AdamW from Hugging Face (transformers '
                                     'AdamW) or another third-party optimizer; it trains with '
                                     'torch.optim.AdamW. The traceback goes through optimizer.step(closure), '
                                     "the closure, then backward: the optimizer's step is decorated with "
                                     '@torch.no_grad() and calls the closure (training_step) with grad mode '
                                     'off. Workaround: torch.set_grad_enabled(True) at the beginning of '
                                     'training_step, or torch.enable_grad() around the closure.',
              'dbg-history': 'A memory leak with double backward (autograd.grad with create_graph=True) in '
                             'old PyTorch versions, a custom autograd Function that saves its output, and '
                             'bugs fixed by upgrading PyTorch. RuntimeError: ConvBackward is not '
                             'differentiable when implementing WGAN-GP with create_graph; runtime errors for '
                             'the Conv2d second gradient: Expected a Tensor of type Variable but found an '
                             'undefined Tensor for argument #0 grad_output (PyTorch 0.2 and 0.3). '
                             "module.register_full_backward_hook doesn't work on the first submodule in "
                             'PyTorch 1.8 (its input does not require grad). Implement WGAN-GP using the '
                             'create_graph argument: ConvBackward is not differentiable on a PyTorch 0.2 '
                             'pre-release. Gradients / values nonsensically becoming nan with the loss '
                             'torch.norm(a - b, p=1), but not with l1_loss (PyTorch 0.2): gradient of zero '
                             'norm is nan, F.normalize NaN gradient. Memory leak in a high-order derivative '
                             '(PyTorch 0.2): a Hessian-vector product or double backward in a loop runs out '
                             "of memory after some iterations. AttributeError: 'Conv2d' object has no "
                             "attribute 'register_full_backward_hook' on a PyTorch older than 1.8. Combining "
                             "functional_call and jacrev raises AttributeError: 'Linear' object has no "
                             "attribute 'dtype' on 2.0.0. Calling jacrev with LSTM and functional_call gives "
                             'error; nn.LSTM gradients with functional_call and torch.func.grad. How to '
                             'calculate a high order gradient of an nn.Module with non-linear activations (a '
                             'WGAN-GP gradient penalty through Linear and ReLU) on PyTorch 0.1.12: that '
                             'release had no gradients of gradients; 0.2.0 was the first with them. '
                             'Combining functional_call and jacrev from torch.func systematically raises '
                             "AttributeError: 'Linear' object has no attribute 'dtype' (2.0.0). "
                             "AttributeError: 'Conv2d' object has no attribute "
                             "'register_full_backward_hook': the method does not exist on a release older "
                             'than 1.8. Full Backward Hooks get applied even when grad is disabled: '
                             "AttributeError: 'NoneType' object has no attribute 'name'. Jacobian "
                             'computation fails on nn.Module example: jacrev(compute_loss, argnums=(0, 1, '
                             "2))(params, data, targets) with functorch make_functional gives 'tuple' object "
                             "has no attribute 'view'; torch.func has no make_functional: use "
                             'functional_call with dict(model.named_parameters()). element 0 of tensors does '
                             'not require grad and does not have a grad_fn in an old repository pinned to '
                             'PyTorch 1.0 with its own DataParallelModel and DataParallelCriterion '
                             '(PyTorch-Encoding, DFF): print the grad_fn of the outputs and of the loss. '
                             'DataParallelCriterion Reduce.apply(*outputs) with a tuple per GPU: a custom '
                             'Function given tuples returns outputs without grad_fn; use '
                             'self.gather(outputs, self.output_device).mean(). RuntimeError: new_args should '
                             'be of size 1, was of size 4: per-sample gradients with vmap over jacrev of a '
                             'make_functional network (functorch) change the number of arguments.',
              'dbg-inference-tensors': 'RuntimeError: Inference tensors cannot be saved for backward in a '
                                       'training step after evaluation or generation under '
                                       'torch.inference_mode(): PPO or GRPO training (num_iterations > 1), a '
                                       'rotary embedding cos/sin cache, a model method decorated with '
                                       '@torch.inference_mode() (DINOv2 depth model cannot be fine-tuned), '
                                       'old log_probs and advantages of a rollout; find the inference '
                                       'tensors with is_inference() and use torch.no_grad() instead. PyTorch '
                                       'Lightning training fails at the first step after the validation '
                                       'sanity check: Lightning runs evaluation under torch.inference_mode() '
                                       'by default; Trainer(inference_mode=False) runs it under '
                                       'torch.no_grad().',
              'dbg-jit-hooks': 'ScriptModule hook does not fire: register_full_backward_hook on a '
                               'TorchScript model (torch.jit.script) is not supported on ScriptModules, and '
                               'a backward hook registered before scripting never runs. Debug the eager '
                               "module, or use a tensor hook (register_hook) on the scripted model's inputs "
                               'and outputs.',
              'dbg-module-hooks': 'register_backward_hook is not called, the hook function never fires, '
                                  'Grad-CAM gradients are None, grad_input is None; '
                                  'register_full_backward_hook vs register_backward_hook; '
                                  'register_forward_hook to get feature maps (activations); remove a hook '
                                  'with handle.remove(). Hooks never fire when generation or evaluation runs '
                                  'under torch.no_grad(); cannot register hook to get the gradients of '
                                  'middle hidden layers. A hook on a submodule gives None because a fused '
                                  'kernel never calls its forward (Mamba mixer.conv1d), or forward calls '
                                  'F.relu instead of the nn.ReLU module. module.weight.grad is None inside a '
                                  'backward hook: use register_post_accumulate_grad_hook. '
                                  'register_backward_hook got the zero gradient, all zeros in YOLO Grad-CAM. '
                                  "module.register_backward_hook doesn't work: the backward hook function is "
                                  'never called. Grad-CAM on a neck layer (neck.fpn_convs[4]) of an '
                                  "mmdetection or mmyolo detector: AttributeError: 'NoneType' object has no "
                                  "attribute 'shape', the gradients are None because the layer is not on the "
                                  'path to the box score. Inplace ReLU incompatible with backward hook: '
                                  'nn.ReLU(inplace=True) after a module with register_full_backward_hook '
                                  'fails with Output 0 of BackwardHookFunction is a view and is being '
                                  'modified inplace. torch.no_grad() creates memory leak because of forward '
                                  "hook: a library's hooks (Opacus) keep storing activations under no_grad "
                                  'in training mode; use model.eval() or disable the hooks during '
                                  'evaluation. A tensor hook (register_hook) lasts one forward pass, on that '
                                  "pass's output; a module hook (register_full_backward_hook) stays on the "
                                  'module and runs in every pass. CNN visualisation hooks: what are grad_in '
                                  'and grad_out in a forward hook, they are not defined anywhere yet the '
                                  'code works (register_forward_hook calls hook(module, input, output)). '
                                  'Error while running cam.py (Grad-CAM) with a pretrained DenseNet model, '
                                  'and a warning about the backward hook: register_backward_hook against '
                                  'register_full_backward_hook. output_hook is not storing tensors: a hook '
                                  'registered in for module in model.named_modules() never fires, because '
                                  'named_modules() yields (name, module) tuples and the isinstance check '
                                  'never matches; check that a hook is registered at all: count the handles, '
                                  'len(module._forward_hooks). No-op full backward hooks modify the input: '
                                  'with register_full_backward_hook, module(x) is x is False and the output '
                                  'is a view (BackwardHookFunction); compare with torch.equal.',
              'dbg-numpy': 'How to convert a tensor that requires grad to numpy: plotting with matplotlib or '
                           'computing metrics with sklearn fails; detach().cpu().numpy(), .item(), tensor to '
                           'list. tensor.numpy(): a tensor with requires_grad=True cannot be converted '
                           'directly; use tensor.detach().numpy(), and .cpu() first for a GPU tensor. Bad '
                           'interaction between no_grad and numpy conversion: inside torch.no_grad(), '
                           'numpy() works on a tensor that requires grad, a parameter (leaf) included. Why '
                           'must a tensor be detached before plotting it with matplotlib? A tensor that '
                           'requires grad cannot be converted to a NumPy array directly, because the array '
                           "carries no autograd history. np.sum(final, 0) inside forward: Can't call numpy() "
                           'on Tensor that requires grad; detach().numpy() silences the error but the layers '
                           'get no gradient; use torch.stack(final).sum(0) or torch.sum inside the model. '
                           'Understanding the computation graph explains why .detach() is needed to separate '
                           'the tensor before plotting: a PyTorch tensor that needs gradient computation '
                           'cannot be converted directly to a NumPy array.',
              'ddp-anomaly-dtensor': 'Nan detection using torch.autograd.set_detect_anomaly(True) runs into '
                                     'error: NotImplementedError: Operator aten._is_any_true.default does '
                                     'not have a sharding strategy registered. Anomaly mode under tensor '
                                     'parallel or FSDP2 (DTensor, torchtitan): use check_nan=False.',
              'ddp-buffers-inplace': 'Using multiple GPUs with DistributedDataParallel: one of the variables '
                                     'needed for gradient computation has been modified by an inplace '
                                     'operation (which is output 0 of TBackward, [torch.cuda.FloatTensor '
                                     '[2]] is at version 3) only with DDP, a single GPU works; BatchNorm '
                                     'buffers, broadcast_buffers=False, calling the model twice before '
                                     'backward. Multi-GPU problem: which is output 0 of TBackward, but '
                                     'single-GPU training has no problem. Training my own model with BasicSR '
                                     'under DDP raises the inplace error; broadcast_buffers=False fixes it. '
                                     'What is the difference between register_parameter '
                                     '(requires_grad=False) and register_buffer under DDP: a buffer each GPU '
                                     "updates under no_grad is overwritten by rank 0's copy before every "
                                     'forward, so register_buffer performs worse; a frozen parameter is '
                                     'copied only when DDP is built; forward_sync_buffers=False keeps each '
                                     "rank's own. A multi-GPU problem: one of the variables needed for "
                                     'gradient computation has been modified by an inplace operation, output '
                                     '0 of TBackward, but single-GPU training has no problem. RuntimeError: '
                                     'inplace operation when doing two forward passes through a DDP-wrapped '
                                     'BatchNorm module (PyTorch 2.6 and later).',
              'ddp-dataparallel-grad': 'nn.DataParallel with autograd.grad(create_graph=True), StyleGAN2 '
                                       'path length penalty g_path_regularize on multiple GPUs: One of the '
                                       'differentiated Tensors appears to not have been used in the graph; '
                                       'allow_unused returns None. Using hooks with DataParallel gets an '
                                       'autograd error after the first 2 iterations: a forward hook on '
                                       'BatchNorm stores a loss on the hook object (self.r_feature), and '
                                       'every replica calls the same hook. torch.nn.DataParallel causes '
                                       "incorrect gradients: the unused parameter's grad (conv2.weight.grad) "
                                       'is a zero tensor instead of None, so weight_decay and momentum are '
                                       'accumulated for the unused parameters; nn.DataParallel fills None '
                                       'grads with 0. Set p.grad = None for unused parameters, or use DDP '
                                       'with find_unused_parameters=True. Double backward within '
                                       'DataParallel: the gradient penalty cannot be backpropagated when '
                                       'using DataParallel. Trying to backward through the graph a second '
                                       'time only when several GPUs are visible: metric depth training '
                                       '(Depth-Anything, ZoeDepth) with the distributed config attribute set '
                                       'to false; making only one GPU visible with CUDA_VISIBLE_DEVICES=0 '
                                       'fixes it. Forward hooks store decoder features in a dict on the '
                                       'module (core_out), which the DataParallel replicas share. '
                                       'nn.DataParallel with multiple outputs, weird gradient result None: '
                                       'the model returns two outputs (return x, x1), the loss uses only '
                                       "one, and a used parameter's grad is None. Gradients missing for "
                                       'certain parameters after disabling data parallelism: some parameters '
                                       'do not have gradients after the backward pass on a single GPU '
                                       '(Parameter does not have gradient), but have a gradient with '
                                       'DataParallel. Missing gradient when autograd called inside a '
                                       'function on Multi-GPU (gradient penalty): torch.autograd.grad with '
                                       'respect to the input of an nn.DataParallel discriminator (WGAN-GP) '
                                       'leaves the parameters without gradient on two GPUs, one GPU works; a '
                                       'bug of PyTorch 1.0 and 1.1, fixed in 1.2. Loss explosion with '
                                       'DataParallel on WGAN models.',
              'ddp-dataparallel-replica-grad': 'Exploding gradients when using both backward() and '
                                               'DataParallel: the model calls backward() and zero_grad() '
                                               'inside forward; Calling .zero_grad() from a module created '
                                               "with nn.DataParallel() has no effect, the replica's "
                                               'parameters are not leaf nodes; use autograd.grad in forward. '
                                               "Can't get module gradient in autograd.Function's custom "
                                               'backward when DataParallel is used: f.weight.grad is None in '
                                               'the custom backward, the gradient goes through '
                                               "BroadcastBackward into the original module's .grad. "
                                               '"arguments are located on different GPUs" at backward pass: '
                                               'a gradient reversal layer (custom autograd Function) under '
                                               'DataParallel keeps a coefficient tensor on one GPU; keep it '
                                               'a Python float or move it to grad_output.device.',
              'ddp-deepspeed-engine': "AttributeError: 'DeepSpeedZeroOptimizer' object has no attribute "
                                      "'ipg_index' when calling loss.backward() under DeepSpeed ZeRO stage "
                                      '2: call model_engine.backward(loss) instead of loss.backward(), or '
                                      'engine.scale(loss).backward(). Getting param.grad is None when using '
                                      'DeepSpeed ZeRO-3 for training a GPT-like model: the traceback ends in '
                                      'stage3.py reduce_ready_partitions_and_remove_grads, '
                                      "__reduce_and_partition_ipg_grads, param.grad.numel(), 'NoneType' "
                                      "object has no attribute 'numel'. Is DeepSpeed ZeRO-3 not supported "
                                      'for my own gradient estimation (estimate_gradient, LoRA-GA, PiSSA '
                                      'initialisation)? A forward outside the engine fails in the embedding: '
                                      "'weight' must be 2-D, parameters of shape [0]; GatheredParameters. "
                                      'LoRA adapter weights remain zero after training with DeepSpeed: '
                                      'lora_B is all zeros, the saved adapter is empty; '
                                      'stage3_gather_16bit_weights_on_model_save, zero_to_fp32, '
                                      'safe_get_full_fp32_param. AssertionError: backward pass is invalid '
                                      'for module in evaluation mode: with DeepSpeed stage 2 it works, but '
                                      'stage 3 does not. ZeRO-3 during PPO, RLHF, GRPO training after '
                                      'generation or evaluation: the model was left in eval() mode; call '
                                      'model.train().',
              'ddp-grad-strides': 'UserWarning: Grad strides do not match bucket view strides under DDP '
                                  '(DistributedDataParallel): what causes it, which code, does it affect '
                                  'performance, how to fix or silence it; grad.sizes() [256, 256, 1, 1] '
                                  'strides [256, 1, 256, 256] vs bucket_view strides; 1x1 conv weight, '
                                  'channels_last, .contiguous() after permute.',
              'ddp-param-grad': 'DDP tutorials all-reduce the loss with reduce_mean(loss, nprocs) for '
                                'printing: why does the code call loss.backward() and not '
                                'reduced_loss.backward()? DDP already averages the gradients in '
                                'loss.backward(); backward of the all-reduced loss gives gradients divided '
                                'by the world size, and dist.all_reduce is not differentiable '
                                '(c10d::allreduce_: an autograd kernel was not registered). A gradient '
                                'penalty or MAML inner step with autograd.grad(create_graph=True) under DDP '
                                'uses local gradients.',
              'ddp-ready-twice': 'Running the student model forward twice and summing the losses: will the '
                                 'same parameter be marked twice in the graph and make loss.backward() fail '
                                 'under DDP? One backward over the summed loss marks each parameter once; a '
                                 'reentrant checkpoint around the same module in both forward passes can '
                                 'mark it twice. Expected to mark a variable ready only once with gradient '
                                 'checkpointing under DDP: where to set use_reentrant=False '
                                 '(gradient_checkpointing_kwargs in TrainingArguments), and what to check '
                                 'when it is already False. QLoRA fine-tuning on one machine with several '
                                 'GPUs (Baichuan2-13B, LLaMA) fails with gradient_checkpointing and '
                                 'ddp_find_unused_parameters=True; with ddp_find_unused_parameters=False it '
                                 'trains. How to handle the loss of several forward passes of the student: '
                                 'two forwards followed by one loss.backward() do not mark the same '
                                 'parameter twice in the graph. An error in multi-GPU (DDP) training: '
                                 'Expected to mark a variable ready only once. Error in multi-GPU training: '
                                 'LoRA fine-tuning on several GPUs fails in backward with Expected to mark a '
                                 'variable ready only once. ddp_find_unused_parameters needs to be set as '
                                 'False for LoRA in DDP training (LLaMA-Factory): a warning, the parser sets '
                                 'the flag to False itself; pass --ddp_find_unused_parameters false. '
                                 'Reversible network (RevCol, AdaRevD, RevNet) trained with DDP in basicsr: '
                                 'l_pix.backward() RuntimeError: Expected to mark a variable ready only '
                                 'once, a parameter has been marked as ready twice; the reversible Function '
                                 'calls torch.autograd.backward inside its backward; find_unused_parameters '
                                 'in the option yml, static_graph=True. Gradient synchronization failure '
                                 'induced by model.gradient_checkpointing_enable() in a multi-task setting: '
                                 'compute_loss calls the DDP model once per task and backpropagates the sum, '
                                 'the LoRA weights differ across GPUs; use gradient_checkpointing_kwargs '
                                 'use_reentrant False.',
              'ddp-sharded-grad': 'param.grad is None after backward with FSDP, FSDP2 (fully_shard) or '
                                  'DeepSpeed ZeRO stage 2 / stage 3, though requires_grad is True: how to '
                                  'get, print or log the real (full) gradient of each parameter; '
                                  'named_parameters() shows _flat_param, flattened 1-D parameters, '
                                  'use_orig_params=True, a parameter of size 0 (numel() 0, tensor([])) on '
                                  'one rank; summon_full_params(with_grads=True); DTensor grad, to_local(), '
                                  'full_tensor(); safe_get_full_grad; gradient norm with clip_grad_norm_. '
                                  'Where is the parameter gradient? param.grad is None after '
                                  'deepspeed.initialize(), the parameter prints tensor([]). Need an API to '
                                  'gather sharded gradients: under FSDP2 full_tensor() gathers the whole '
                                  'gradient. grad is None: model_engine module.fc1.weight: grad is None '
                                  'although param.requires_grad is True. Gradients are None in DeepSpeed '
                                  "training: checking the model parameters' gradients during training shows "
                                  'None. Can not print weight in a callback function: all of the outputs are '
                                  'tensor([]) and grad None under DeepSpeed ZeRO-3. Can not print weight in '
                                  'callback function under DeepSpeed ZeRO-3: the outputs are tensor([]) and '
                                  'grad None. How can I print the true parameters? '
                                  'deepspeed.zero.GatheredParameters, safe_get_full_fp32_param, '
                                  'safe_get_full_grad; the Trainer callback runs after the gradients are '
                                  'cleared. Gradient is None and model weights remain the same: the '
                                  'gradients are None for all model parameters under DeepSpeed, printed '
                                  'inside GatheredParameters after clip_grad_norm_ in PPO fine-tuning; read '
                                  'them with deepspeed.utils.safe_get_full_grad. Abnormal grad_norm with '
                                  'DeepSpeed ZeRO-0 (normal with ZeRO-3): grad_norm abnormally large (about '
                                  '1656 vs 0.025) in GRPO LoRA training with ms-swift, bf16; gradient norm '
                                  'abnormally increases when training with ZeRO-0; FP16_UnfusedOptimizer '
                                  'loss scale 65536; get_global_grad_norm; fixed in DeepSpeed 0.18.6. With '
                                  'FSDP2, a small tensor on a 1-GPU world size has grad=0: one of the '
                                  'parameters, of shape (1,) in a fully_shard submodule, remains at 0 '
                                  'throughout the run and its grad is always zero.',
              'ddp-unused': 'DDP error Expected to have finished reduction in the prior iteration before '
                            'starting a new one: unused parameters, find_unused_parameters=True, '
                            'static_graph=True, TORCH_DISTRIBUTED_DEBUG=INFO or DETAIL, a frozen head, a '
                            'branch not used. find_unused_parameters is already set to True but multi gpu '
                            'training still fails, one GPU works; not all forward outputs participate in '
                            'computing loss; a backward per loss (several backward calls, three losses): '
                            'Encountered gradient which is undefined, but still allreduced by DDP reducer; '
                            'an extra forward for pseudo-labels, a teacher or logging under no_grad or '
                            'model.module; how to set find_unused_parameters=True in detectron2 '
                            'create_ddp_model, Lightning strategy ddp_find_unused_parameters_true, '
                            'accelerate DistributedDataParallelKwargs kwargs_handlers, Hugging Face Trainer '
                            'ddp_find_unused_parameters, gradient_checkpointing_kwargs use_reentrant False; '
                            'backward(inputs=...) on part of a DDP model. Freeze certain layers during DDP '
                            "training and unfreeze them later: param_group['freeze'] = True instead of "
                            'setting requires_grad to False, because changing requires_grad in the middle of '
                            'DistributedDataParallel training raises this error; freeze the backbone for the '
                            'first iterations. Error using DDP for parameters that do not need to update '
                            'gradients: a frozen VGG feature map for a perceptual loss wrapped in DDP, '
                            "DistributedDataParallel is not needed when a module doesn't have any parameter "
                            'that requires a gradient. Multi-GPU training slower than one GPU: which modules '
                            'are not trained, and what to remove, since without find_unused_parameters=True '
                            'it raises an error? Why does it fail only sometimes: Parameters which did not '
                            'receive grad for rank 1 in some iterations, a batch with no ground-truth boxes '
                            'on one GPU whose box loss is a constant 0; write the zero as pred.sum() * 0. '
                            'New linear layers added to the loss module (criterion) report Parameters which '
                            'did not receive grad although they take part in the loss: the path is cut by '
                            'detach or no_grad. mmdetection: set find_unused_parameters = True in the config '
                            "file (mmdet/apis/train.py reads cfg.get('find_unused_parameters')). New linear "
                            'layers added to the loss module (criterion) receive no gradient: Parameters '
                            'which did not receive grad for rank 0. DDP backpropagated gradients not the '
                            'same across all GPUs when forward is not using all declared modules: DDP grads '
                            'differ between ranks after one step, gradients not averaged. RuntimeError: It '
                            'looks like your LightningModule has parameters that were not used in producing '
                            'the loss returned by training_step: a GAN with a generator and a discriminator '
                            'in one LightningModule on multi-GPU, toggle_optimizer, manual optimization. '
                            'mmdetection 3.x mmengine model_wrapper_cfg MMDistributedDataParallel '
                            'find_unused_parameters; after setting frozen_stages in the backbone the error '
                            'appears, and find_unused_parameters=True slows down the training. Several '
                            'networks in a GAN (G, D and C), each wrapped in its own '
                            'DistributedDataParallel: the parameters whose grad is None are all in one '
                            'network; swapping two backward calls (d_gp.backward() and '
                            'd_adv_fake.backward()) moves the error to g_loss.backward(). A model I '
                            'registered myself (mmsegmentation, MMEngine) always has parameters that take no '
                            'part in the loss under distributed training. How do I set '
                            'find_unused_parameters in PyTorch Lightning Fabric? Distributed training with '
                            'the Fabric module: Fabric(strategy=ddp_find_unused_parameters_true), or '
                            'DDPStrategy(find_unused_parameters=True) from lightning.fabric.strategies, then '
                            'fabric.setup(model, optimizer).',
              'ddp-unused-warning': 'Warning: find_unused_parameters=True was specified in DDP constructor, '
                                    'but did not find any unused parameters in the forward pass. This flag '
                                    'results in an extra traversal of the autograd graph every iteration, '
                                    'which can adversely affect performance. Can I set '
                                    'find_unused_parameters=False, is it safe, will it speed up training; '
                                    'false positive with flow control, if-statements in forward. Unused '
                                    'parameters when using WavLM under DDP: with --find_unused_parameters it '
                                    'says there are no unused parameters, but TORCH_DISTRIBUTED_DEBUG=DETAIL '
                                    'names parameters that are not used (SpeechBrain, wav2vec2, HuBERT, '
                                    'LayerDrop, masked_spec_embed).',
              'gb-batchnorm': "Does the gradient flow through BatchNorm's batch mean and variance, or do I "
                              'need to call .detach() on mu and var in my own batchnorm? BatchNorm and '
                              'back-propagation: running_mean and running_var are buffers without gradient. '
                              'Checkpoint with BatchNorm running averages: torch.utils.checkpoint updates '
                              'the running mean/variance twice, num_batches_tracked counts 2. The function '
                              "'native_batch_norm' is not differentiable with respect to argument "
                              "'running_mean'. This input cannot have requires_grad True: replaying a "
                              'BatchNorm layer from logged tensors (torchlens func_applied) or making every '
                              'buffer trainable; pass running_mean and running_var detached, and mind '
                              "torch.batch_norm's argument order (weight and bias before running_mean).",
              'grad-amp': 'Mixed precision training with torch.amp.GradScaler (torch.cuda.amp): gradient '
                          'clipping with scaler.unscale_ before clip_grad_norm_, optimizer steps skipped, '
                          'scaler.get_scale() keeps decreasing, a gradient penalty under AMP with autocast, '
                          'GradScaler on CPU. clip_grad_norm applied to scaled gradients: with fp16 and '
                          'GradScaler, clipping before unscale_ clips the scaled gradients; GradScaler '
                          'clip_grad_norm_ order, call scaler.unscale_(optimizer) before clipping. About nan '
                          'and inf grads: do these nan or inf grads have bad effects on training? GradScaler '
                          'skipped steps. NaNs and INFs in gradient values: inf/NaN in gradients after '
                          'scaler.unscale_(optimizer) at the first step, found with '
                          'torch.autograd.set_detect_anomaly(True) (YOLOv5 AMP); GradScaler skips that '
                          'optimizer step and lowers the scale, so they never reach the weights. Mixed '
                          'precision training with higher (MAML, a differentiable inner optimizer): '
                          "scaler.unscale_(diffopt) raises AttributeError: 'NoneType' object has no "
                          "attribute 'grad'; GradScaler with diffopt.step, grad_callback, bf16.",
              'grad-clip': 'clip_grad_norm_ returns nan or inf, the total norm is non-finite, '
                           'error_if_nonfinite=True; after gradient clipping every gradient and weight '
                           'becomes NaN; how to find which parameter has an inf or NaN gradient; exploding '
                           'gradients. The principle of gradient clipping, when the norm is finite: '
                           'clip_grad_norm_ computes one norm over all the gradients and, when it is larger '
                           'than max_norm, multiplies every gradient by max_norm / total_norm, keeping the '
                           'direction; call it after backward() and before optimizer.step(); '
                           'clip_grad_value_ clamps each element. Gradient clipping in the wrong place? '
                           'clip_grad_norm_ after optimizer.step() or before loss.backward() does nothing: '
                           "shouldn't we put the clip_grad_norm_ in between .backward() and .step()? Where "
                           'to call clip_grad_norm_ with GradScaler: after scaler.unscale_. Network slimming '
                           'sparsity training adds an L1 penalty on the BatchNorm weights to the gradient by '
                           'hand: m.weight.grad.data.add_(s * torch.sign(m.weight.data)); why sign and no '
                           'gamma factor? grad_norm nan with fp16 and a dynamic loss scale: the first '
                           "iteration is inf; why does the optimizer's gradient times grad_norm not hurt "
                           'training (mmdetection Fp16OptimizerHook)?',
              'grad-forward-missing': 'NotImplementedError: Trying to use forward AD with '
                                      '_scaled_dot_product_efficient_attention (or '
                                      '_scaled_dot_product_flash_attention, grid_sampler_2d, _cdist_forward, '
                                      'linear) that does not support it because it has not been implemented '
                                      'yet; torch.func.jvp, jacfwd or hessian fails while jacrev and '
                                      'backward work; JVP of attention or flash attention; forward-mode AD '
                                      'not implemented for an operator, is there an alternative to jvp; '
                                      'Hessian of a NeRF or SDF feature grid with grid_sample; the '
                                      'double-vjp trick, jacrev(jacrev(f)), sdpa_kernel(SDPBackend.MATH); '
                                      'warning: There is a performance drop because we have not yet '
                                      'implemented the batching rule; Batching rule not implemented falling '
                                      'back to slow (for loop and stack) implementation.',
              'grad-func-errors': 'torch.func / functorch errors when computing per-sample gradients with '
                                  'vmap and grad: You are attempting to call Tensor.requires_grad_() inside '
                                  'of a function being transformed by a functorch transform; backward() '
                                  "called inside a functorch transform; vmap: It looks like you're calling "
                                  '.item() on a Tensor; vmap data-dependent control flow (if on a tensor); '
                                  'autograd.functional.jacobian inside vmap; functional_call; torch.where. '
                                  'vmap: inplace arithmetic(self, *extra_args) is not possible (aten::copy_ '
                                  'is not possible) when a tensor made with torch.zeros(x.shape) is filled '
                                  'in place; zeros_like works. .item() error without calling .item(): '
                                  'slicing a[ind:ind + len] with a per-sample index tensor; index with a '
                                  'tensor of positions instead. Incorrect error log for vmap data dependent '
                                  'flow: a raise ValueError check inside vmap. vmap(jacrev(model)) with '
                                  'BatchNorm2d: expected 4D input (got 3D input); calling vmap on grad, '
                                  'issues with indexing: inside vmap the sample has no batch dimension, '
                                  'unsqueeze(0). vmap: We do not support batching operators that can support '
                                  'dynamic shape. Attempting to batch over indexing with a boolean mask '
                                  '(vmap(jacrev) of a leaky ReLU written with out[out <= 0]). Get .item() '
                                  'error without calling .item(): vmap(jacrev(f)) of a function that only '
                                  'slices q[0:3]; float(), math.exp, torch.tensor([...]) or torch.full '
                                  'inside vmap convert a value to a Python number. Usecase for saved tensor '
                                  "hooks with torch.func: torch.func.{grad, vjp, jacrev, hessian} don't yet "
                                  'support saved tensor hooks when the function uses torch.utils.checkpoint '
                                  '(use_reentrant=False) to save memory; jacfwd, '
                                  'torch.autograd.functional.jacobian and autograd.grad with '
                                  'is_grads_batched=True work with checkpointing. Per-sample-gradient: get '
                                  'gradient 0 when using grad(params_tograd, params) with respect to part of '
                                  "the model's parameters; per-sample gradients of only the trainable "
                                  'parameters (split the dict, functional_call with both). Per sample '
                                  'gradients using function transforms not working for RNN, GRU or an '
                                  "autoregressive model: output with shape [1, 4] doesn't match the "
                                  'broadcast shape; pass h0 = x.new_zeros(...). The older functorch wording '
                                  'of the same error: RuntimeError: Batching rule not implemented for '
                                  'aten::item. We could not generate a fallback. Cannot jvp through vmap: '
                                  'torch.func.jvp of a model whose forward calls stack_module_state and '
                                  'functional_call under vmap (ensembled heads, shared blocks) raises the '
                                  'requires_grad_ error; stack_module_state calls detach().requires_grad_(); '
                                  'stack with torch.stack in forward, or call stack_module_state once '
                                  "outside. transforms like jacrev, jacfwd, grad, etc don't work with "
                                  'BatchNorm: During a grad (vjp, jvp, grad, etc) transform, the function '
                                  'provided attempted to call in-place operation (aten::add_.Tensor) that '
                                  'would mutate a captured Tensor; pass the buffers as inputs through '
                                  'functional_call, use eval() or replace_all_batch_norm_modules_. '
                                  'torch.func.functional_call works with func.vmap but breaks for func.grad: '
                                  "Cannot access data pointer of Tensor that doesn't have storage from "
                                  'torch.compile of allow_in_graph(grad(f)) on torch 2.0; upgrade and '
                                  'compile the function that calls grad. Train ensemble models with vmap: '
                                  'can I use batch_pred from vmap and directly do loss.backward(), '
                                  'optimiser.step() to train the ensemble model? stack_module_state, '
                                  'functional_call, vmap ensemble training: which parameters go to the '
                                  "optimizer, the original models' grad is None. vmap support to compute a "
                                  'batched jacobian through an ODE solver (torchode, adaptive step size): '
                                  "vmap(jacrev(solver)) fails with vmap: It looks like you're either (1) "
                                  'calling .item() on a Tensor or (2) attempting to use a Tensor in some '
                                  'data-dependent control flow or (3) encountering this error in PyTorch '
                                  'internals. vjp fails for models with buffers: '
                                  'make_functional_with_buffers, vjp(fn, weights, buffers, inputs) gives '
                                  'only Tensors of floating point dtype can require gradients (BatchNorm '
                                  'num_batches_tracked). Error about a grad transform with an in-place '
                                  'operation only with DDP: a Hessian-vector product with torch.func '
                                  '(functional_call, jvp, grad) works on one GPU and fails under '
                                  'DistributedDataParallel with aten::copy_ that would mutate a captured '
                                  'Tensor; broadcast_buffers, forward_sync_buffers.',
              'grad-gradient-arg': 'RuntimeError: Mismatch in shape: grad_output[0] has a shape of '
                                   'torch.Size([1]) and output[0] has a shape of torch.Size([]); WGAN one = '
                                   'torch.FloatTensor([1]), mone = one * -1, loss.backward(mone) fails after '
                                   'upgrading PyTorch; grad_outputs of the wrong shape in autograd.grad for '
                                   'a gradient penalty; torch.ones_like; grad can be implicitly created only '
                                   'for real scalar outputs but got torch.complex64: backward of a complex '
                                   'loss (FFT, frequency-domain loss). RuntimeError: invalid gradient at '
                                   'index 0 - expected shape [] but got [10, 2], from backward(gradient=...) '
                                   "on a scalar (a Grad-CAM sum) with a gradient of the logits' shape: older "
                                   "releases' wording of the same shape check. The meaning of grad_outputs "
                                   "in PyTorch's torch.autograd.grad: the gradient of some later scalar with "
                                   "respect to the output, so it has the output's shape; "
                                   'torch.ones_like(output) for a non-scalar output.',
              'grad-input': 'Gradient with respect to the input image: saliency map, input.grad is None, '
                            'FGSM and PGD adversarial examples; image += eps * image.grad.sign() raises a '
                            'leaf Variable that requires grad is being used in an in-place operation; freeze '
                            'the model with eval() and requires_grad_(False); the adversarial loop gets '
                            'slower every step. Vanilla gradient visualization: how to compute the gradient '
                            'of the input pixels instead of the gradient of the weights, without changing '
                            'the conv1 layer. Get the grad of inputs, but grad is None: how to get the '
                            'correct grad of the input image. How to get gradient of input xyz: I wanted to '
                            'get grad of input xyz but the function returned None, requires_grad=True and '
                            'retain_grad do not work; the coordinates are sliced from the input (xyz = '
                            'input[:, -3:]) and concatenated in later layers of an SDF network. Adversarial '
                            'attack: why do attacks initialise a random perturbation, take the gradient with '
                            'respect to the perturbation and update it, instead of updating the adversarial '
                            'example as a whole? Are the two equivalent? The gradient with respect to delta '
                            'equals the gradient with respect to x + delta. A loss on one sample gives '
                            "gradient to another sample's input: information passed along the batch "
                            'dimension in a custom MessagePassing layer; nodes not in the first graph have '
                            'non-zero gradients. BatchNorm in train mode, aggregation over the wrong '
                            'dimension (node_dim), edges across graphs, global pooling without batch.',
              'grad-nondiff': 'My loss uses argmax, round, sign, a threshold (pred > 0.5) or an index '
                              'computed from the output, and the gradient is None or zero; is argmax '
                              'differentiable? How to backpropagate through round or a step function: the '
                              'straight-through estimator (STE), soft argmax, softmax with temperature, '
                              'gumbel_softmax with hard=True; accuracy as a loss. Old PyTorch: Expected '
                              'isFloatingType(grads[i].scalar_type()) to be true, but got false in '
                              'loss.backward() of point-cloud code (pointnet2 furthest point sampling, '
                              'mark_non_differentiable). In which networks can backpropagation not pass '
                              'back? A discrete step (sampling tokens, argmax) between a generator and a '
                              'discriminator, as in text GANs. Is torch.max or torch.topk differentiable? '
                              'The indices of topk, sort and max have no gradient (idx is not '
                              'differentiable), the values pass it to the chosen elements; gather with the '
                              'indices. Differentiable top k indices: a soft top-k mask (a sigmoid around a '
                              'threshold between the k-th and the (k+1)-th score, with a temperature) or a '
                              'straight-through top-k mask, so the scores left out get a gradient too. '
                              'Backprop through argmax back to the weights of the first module: argmax is '
                              'not recorded, so the parameters of the module before it get no gradient, '
                              "their .grad stays None, and reading .grad.data raises 'NoneType' object has "
                              "no attribute 'data'. The loss fails in backward because "
                              'pred.argmax(1).float() is not differentiable. A built-in 0-1 loss function '
                              '(accuracy as a loss) has no useful gradient. Is an argmax module '
                              'differentiable? It should not be. The index returned by torch.max(input, 1) '
                              'has no gradient, so a loss built from predict cannot train: use the softmax '
                              'probabilities instead. Is the argmax module differentiable? It should not be: '
                              'the index argmax returns has no gradient. Is the argmax module in GSRB '
                              'differentiable? What is the purpose of detach here? x + (x.round() - '
                              'x).detach(); straight-through estimator with detach; BitLinear detach. '
                              "BinaryNet: no backward pass? I'm printing the weights of the network and they "
                              'are not changing; the binarization is happening only on the .data. Binary '
                              'network weights are not changing: the signs flip only when the latent weight '
                              'p.org crosses zero; p.data.copy_(p.org) before optimizer.step() and '
                              'p.org.copy_(p.data.clamp_(-1, 1)) after it.',
              'grad-not-implemented': 'RuntimeError: derivative for aten::grid_sampler_2d_backward is not '
                                      'implemented; NotImplementedError: the derivative for '
                                      "'_cdist_backward' is not implemented; second order derivative (double "
                                      'backward, gradient penalty, Hessian, PyHessian, R1 penalty, Jacobian '
                                      'regularizer) not supported for an operation: grid_sample, cdist, '
                                      'pdist, ctc_loss, embedding_bag, multi_margin_loss, igamma, zeta; '
                                      'grid_sample_gradfix; how to implement the missing derivative with a '
                                      'custom autograd Function or finite differences. grid_sample_gradfix '
                                      'not supported on PyTorch 1.10.0+cu111. Falling back to '
                                      'torch.nn.functional.grid_sample(), then derivative for '
                                      'aten::grid_sampler_2d_backward is not implemented in StyleGAN2-ADA, '
                                      'DFMGAN or stylegan2-ada-pytorch: use grid_sample_gradfix.py from '
                                      'stylegan3. Unable to backprop through a dense weighted sum of '
                                      'sparse_coo_tensors: a weighted sum of sparse COO matrices with a '
                                      'dense learnable weight, torch.sparse.sum, aten::sum.dim_IntList '
                                      'NotImplementedError, reshape is not implemented for sparse tensors.',
              'grad-overlap': 'RuntimeError: unsupported operation: more than one element of the written-to '
                              'tensor refers to a single memory location. Please clone() the tensor before '
                              'performing the operation; some elements of the input tensor and the '
                              'written-to tensor refer to a single memory location; in-place operation on an '
                              'expanded tensor (expand, expand_as, register_buffer with expand); x[1] = '
                              'x[1].transpose(); expand vs repeat vs clone.',
              'int-accumulator': 'Why is grad_fn None for a leaf tensor? AccumulateGrad is the node that '
                                 "adds the gradient into the leaf's .grad; next_functions shows it, and the "
                                 'leaf holds it only through a weak pointer. What is the purpose of '
                                 'param.expand_as(param) here? Megatron, DeepSpeed: grad_acc = '
                                 'param_tmp.grad_fn.next_functions[0][0]; grad_acc.register_hook; why keep '
                                 'grad_accs in a list? A hook on AccumulateGrad never runs; '
                                 'register_post_accumulate_grad_hook.',
              'int-freed': 'What backward() actually releases with retain_graph=False: release_variables and '
                           'reset_data drop the saved tensors while the nodes and edges stay, and '
                           'SavedVariable::unpack raises ERR_BACKWARD_TWICE.',
              'int-leaf-moved': 'RuntimeError: leaf variable has been moved into the graph interior at '
                                'loss.backward(): a leaf tensor that requires grad was changed in place '
                                '(through a slice or a view, or after requires_grad_(False)) after the graph '
                                'was recorded; old PyTorch versions raise it only at backward; fix it with '
                                'torch.no_grad() or clone().',
              'int-saved': 'How does save_for_backward work inside autograd? SavedVariable stores the tensor '
                           'and its version, and an output saved by its own node without its grad_fn, to '
                           'avoid a reference cycle.',
              'mem-allocator': 'nvidia-smi shows more GPU memory than torch.cuda.memory_allocated(): '
                               'memory_reserved and the CUDA caching allocator; why del and '
                               'torch.cuda.empty_cache() do not lower what nvidia-smi shows, and why '
                               'empty_cache() does not fix a CUDA out of memory error of your own process. '
                               'Adding torch.cuda.empty_cache() to release GPU memory in an evaluation loop. '
                               'Evaluating a large language model on one 24 GB GPU runs out of memory; del '
                               'batch_input and torch.cuda.empty_cache() at the end of the batch loop: the '
                               "del frees the previous batch's logits before the next batch, empty_cache() "
                               'in every iteration only costs time. After inference the GPU memory stays '
                               'high (27 GB instead of the 14 GB the model needs) and '
                               'torch.cuda.empty_cache() does not release it. Prompts of varying length '
                               'fragment the cache (reserved but unallocated): the allocator frees its '
                               'unused cached blocks and retries before out of memory, so empty_cache() '
                               'cannot make it fit; set PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True or '
                               'bucket the prompts by length. How to free GPU memory by deleting tensors '
                               '(del); how PyTorch manages the memory of tensors: allocation and release. '
                               "Why doesn't the code release GPU memory after validation? The first "
                               'validation allocates about 2 GB that stays reserved afterwards and does not '
                               'grow at the next one: the caching allocator keeps it for reuse. GPU memory '
                               'consumption increases while training over the first iterations and then '
                               'stays the same, with cuDNN enabled or disabled '
                               '(torch.backends.cudnn.benchmark, workspaces): the caching allocator, not a '
                               'leak. Does memory use change when PyTorch runs on the GPU: what moves to GPU '
                               'memory. Does memory usage change after PyTorch acceleration on the GPU? The '
                               'same tensors move to GPU memory, and the caching allocator keeps freed '
                               'blocks reserved. What exactly is occupying the GPU cache? The caching '
                               'allocator keeps the blocks of freed tensors reserved for reuse. YOLOv5 '
                               'gpu_mem rises after every epoch until CUDA out of memory: is it a leak? '
                               'gpu_mem is torch.cuda.memory_cached (memory_reserved). '
                               'torch.cuda.empty_cache() cannot free GPU memory in Spyder, the IPython '
                               'console or Jupyter: nvidia-smi shows no change, and GPU memory keeps rising '
                               'as I add networks in the console; the variables and the Out output history '
                               'keep the model.',
              'mem-ckpt-grad': 'torch.utils.checkpoint fails with torch.autograd.grad even when '
                               'use_reentrant=False: a checkpointed function that itself calls '
                               'torch.autograd.grad(energy, positions, create_graph=True), a model whose '
                               'output is a gradient (forces from an energy, a learned potential); second '
                               'derivatives through gradient checkpointing. CUDA out of memory in '
                               "gradient_penalty.backward(): I couldn't checkpoint the critic because of "
                               'autograd.grad; does checkpointing a WGAN-GP critic with a gradient penalty '
                               'save memory? When use_reentrant=True, torch.utils.checkpoint is incompatible '
                               'with .grad(). checkpoint_sequential and torch.autograd.grad break when used '
                               'together, also under DistributedDataParallel: the reentrant checkpoint fails '
                               'inside torch.autograd.grad (a gradient penalty); use_reentrant=False works '
                               'with it.',
              'mem-ckpt-metadata': 'torch.utils.checkpoint.CheckpointError: Recomputed values for the '
                                   'following tensors have different metadata than during the forward pass '
                                   '(saved metadata vs recomputed metadata shape) with gradient '
                                   'checkpointing / activation checkpointing; use_cache=True incompatible '
                                   'with gradient checkpointing; recomputed shape torch.Size([0]) with '
                                   'DeepSpeed ZeRO-3 or FSDP; MoE; debug=True. CheckpointError: A different '
                                   'number of tensors was saved during the original forward and '
                                   'recomputation (Number of tensors saved during forward vs recomputation): '
                                   'stochastic depth or LayerDrop with random, model.eval() before backward, '
                                   'a branch or flag that changed, xformers SwiGLU.',
              'mem-ckpt-per-sample': "torch.vmap doesn't work on most of the models: per-sample-gradient "
                                     'with vmap and torch.func.grad fails when the model uses '
                                     'torch.utils.checkpoint (activation checkpointing, gradient '
                                     'checkpointing); turn checkpointing off and use vmap chunk_size, or '
                                     'loop over samples with backward.',
              'mem-ckpt-reentrant': 'torch.utils.checkpoint with use_reentrant=True warns None of the inputs '
                                    'have requires_grad=True. Gradients will be None, and the first layers '
                                    'stop training: their parameters get no gradient. LoRA or PEFT '
                                    'fine-tuning with gradient checkpointing and a frozen embedding: element '
                                    '0 of tensors does not require grad and does not have a grad_fn; '
                                    'enable_input_require_grads. Is this warning a problem, is training '
                                    'still correct? Gradient checkpointing fails with frozen parameters or a '
                                    "frozen vision tower; gradient_checkpointing_kwargs={'use_reentrant': "
                                    'False}; where to set requires_grad=True; ValueError: Unexpected keyword '
                                    'arguments: use_reentrant on an old PyTorch; the use_reentrant parameter '
                                    'should be passed explicitly. Error using gradient_checkpointing in LoRA '
                                    'training: element 0 of variables does not require grad and does not '
                                    'have a grad_fn. model.gradient_checkpointing_enable() makes '
                                    'loss.requires_grad be False. None of the inputs have requires_grad=True '
                                    'even when using torch.no_grad() and model.eval() at inference: expected '
                                    'and harmless there; skip the checkpoint when grad is disabled, or pass '
                                    'use_reentrant=False. Error using gradient_checkpoining (gradient '
                                    'checkpointing): RuntimeError: element 0 of variables does not require '
                                    'grad and does not have a grad_fn when only the U-Net is trained. Use of '
                                    'torch.utils.checkpoint.checkpoint causes a simple model to diverge or '
                                    'stop learning: the checkpointed first block, whose input is the data, '
                                    'never trains. TypeError: _set_gradient_checkpointing() got an '
                                    "unexpected keyword argument 'enable' with a model's remote code "
                                    '(Qwen-7B-Chat, ChatGLM3) on transformers 4.35: is it necessary to set '
                                    'gradient_checkpointing to False? No: transformers==4.34.0 or a later '
                                    'release, then enable_input_require_grads. torch.utils.checkpoint: the '
                                    'use_reentrant parameter should be passed explicitly; if use_reentrant '
                                    'is not explicitly passed, an exception will now be raised (2.3, 2.4, '
                                    '2.9): torch 2.13 still only warns, pass use_reentrant=False in every '
                                    'call. During fine-tuning: RuntimeError: element 0 of tensors does not '
                                    'require grad and does not have a grad_fn, with gradient checkpointing '
                                    'on. Checkpoint for a whole subnet: is it possible to checkpoint a whole '
                                    "sub-network and still learn its weights? The block's parameters get "
                                    'gradients whenever the checkpointed call is connected to the graph. '
                                    'Gradient checkpointing fails to backprop in some cases: checkpointing '
                                    'the first layer, whose input is the data, gives an output without '
                                    'grad_fn, and backward raises or that layer silently stops training; '
                                    'use_reentrant=False fixes it. Gradient checkpointing does not start: '
                                    'the model has no _set_gradient_checkpointing, does it not support '
                                    "gradient checkpointing? ChatGLM3's gradient_checkpointing_enable only "
                                    'checks supports_gradient_checkpointing and sets no flag; set '
                                    'model.transformer.encoder.gradient_checkpointing = True and check the '
                                    'saved memory. ValueError: torch.utils.checkpoint: please pass in '
                                    'use_reentrant=True or use_reentrant=False explicitly with torch '
                                    '2.3.0a0: a pre-release build raises it; install a release, or edit the '
                                    "call in the model's remote code. During fine-tuning: RuntimeError: "
                                    'element 0 of tensors does not require grad and does not have a grad_fn, '
                                    'with gradient checkpointing on and the embeddings frozen. '
                                    'checkpoint_sequential breaks backpropagation: the weights have not '
                                    'changed; bp works if I disable checkpointing or set '
                                    'input.requires_grad=True. checkpoint_sequential still defaults to the '
                                    'reentrant variant: call checkpoint_sequential(model, segments, x, '
                                    'use_reentrant=False). P-Tuning v2 (ptv2) or prefix tuning with gradient '
                                    'checkpointing on two GPUs: element 0 of tensors does not require grad '
                                    'and does not have a grad_fn; the trainable prefix reaches each layer in '
                                    'past_key_values, a tuple, which the reentrant checkpoint does not see. '
                                    "'MyMossForCausalLM' object has no attribute "
                                    "'enable_input_require_grads': register a forward hook on "
                                    'get_input_embeddings() by hand. ValueError: Unexpected keyword '
                                    'arguments: past_key_values. I also tried '
                                    'model.enable_input_require_grads() but the error still persists: a '
                                    "wrapper such as pyreft's ReftModel, or inputs_embeds, skips the hook; "
                                    'check loss.requires_grad after the forward and pass '
                                    'gradient_checkpointing_kwargs use_reentrant False. Different gradients '
                                    'with/without using torch.nn.utils.checkpoint in the model: the gradient '
                                    'update is different when checkpointing the first Conv2d layer; '
                                    'BatchNorm running_mean and num_batches_tracked updated twice by the '
                                    'recomputation, preserve_rng_state, what to check. pyreft (ReFT) with '
                                    'gradient checkpointing: element 0 of tensors does not require grad, and '
                                    "enable_input_require_grads() does not help; pyvene's intervention hooks "
                                    'are removed before the recomputation. Trying to backward through the '
                                    'graph a second time with gradient checkpointing after passing kv_caches '
                                    'and an index (a list) to the GLMBlock instead of its kv_cache: P-tuning '
                                    'v2 ChatGLM2. GRPO LoRA on a vision-language model: --use_peft true '
                                    '--lora_r 8 gives element 0 of tensors does not require grad (VLM-R1, '
                                    'TRL, Qwen2-VL, _get_per_token_logps). QLoRA fine-tuning ChatGLM3-6B '
                                    'with LLaMA-Factory: element 0 of tensors does not require grad after '
                                    'the enable error was fixed. ValueError: ChatGLMForConditionalGeneration '
                                    'does not support gradient checkpointing. raised by '
                                    'gradient_checkpointing_enable when the model class does not set '
                                    'supports_gradient_checkpointing = True; LoRA training of ChatGLM-6B '
                                    'with --gradient_checkpointing, modeling_chatglm.py, trust_remote_code.',
              'mem-gc': 'Catching CUDA out of memory and retrying with a smaller batch size still runs out '
                        "of memory: the exception's traceback keeps the frames and their activations alive "
                        'until gc.collect() runs. GPU memory when registering a forward hook with self '
                        'access: a hook that closes over self makes a reference cycle, and a model built '
                        'again and again lives until gc.collect().',
              'mem-oom': 'CUDA out of memory (OOM) during training or validation: GPU memory usage that '
                         'keeps growing, nvidia-smi, empty_cache, memory_allocated and memory_reserved. Ran '
                         'out of memory on almost every run when training on my own data: which settings to '
                         'change (batch size, sequence length, mixed precision, checkpointing)? The first '
                         'epoch trains fine and the second epoch fails with CUDA out of memory, right after '
                         'validation: is the memory of the first epoch not released? How to adjust '
                         'batch_size in training: an A4000 GPU keeps reporting CUDA out of memory. How to '
                         'solve RuntimeError: CUDA out of memory in PyTorch?',
              'mem-oom-batch-one': 'CUDA out of memory at loss.backward() although the batch size is 1: a '
                                   '3-D segmentation network on large patches, a model that needs 48 GB for '
                                   'one sample, a graph network with a large cutoff. The saved activations '
                                   'grow with the patch size, the sequence length or the number of edges; '
                                   'smaller patches, gradient checkpointing, mixed precision. GPU memory '
                                   'requirement for training: RuntimeError: CUDA out of memory, which may '
                                   'look like a memory leak; the saved activations set the memory. OOM at '
                                   'loss.backward(): CUDA out of memory at loss.backward() although the '
                                   'batch size is one. Out of memory on a small card (2 GB) at every batch '
                                   "size, 32, 8 or 1: the parameters, their gradients, Adam's state and the "
                                   'CUDA context do not depend on the batch; count them before choosing a '
                                   'batch. How to solve CUDA out of memory in training when making the '
                                   'batch_size smaller (10) does not help. My computer cannot run the code '
                                   'with CUDA out of memory on a 2G card; batchsize 1, 8 or 32 did not work. '
                                   'GPU memory requirement for training: RuntimeError: CUDA out of memory, '
                                   'though I think there may be some memory leak. How much memory the CUDA '
                                   'context takes (torch.cuda.mem_get_info after the first CUDA call); the '
                                   'fixed memory of a 50M-parameter model with Adam, 0.8 GB; mixed precision '
                                   'halves the activations, not the parameters, gradients or Adam state. '
                                   'Full-parameter fine-tuning needs a large base of GPU memory: one batch '
                                   "does not fit an 80 GB A100, because the parameters, gradients and Adam's "
                                   'two states come before any activation. Full-parameter fine-tuning of a '
                                   '6B model (ChatGLM-6B) does not fit an A100 80G at batch size 1: '
                                   'parameters, gradients and Adam states take 16 bytes per parameter; 8-bit '
                                   'Adam, ZeRO offload, DeepSpeed ZeRO-3, LoRA. Freeze tuning uses more GPU '
                                   'memory than expected: freeze fine-tuning Mistral-7B-Instruct on a single '
                                   '3090 (24 GB) runs out of memory; the trainable layers are cast to '
                                   'float32 with gradients and Adam state, 16 to 18 bytes per parameter, '
                                   'about 3.9 GB per Mistral decoder layer; --num_layer_trainable 1 '
                                   '(freeze_trainable_layers). Fine-tuning MiniCPM-V 2.6 (minicpm-v2_6) '
                                   'fails with out of memory: the vision encoder (vpm, SigLIP, the ViT) has '
                                   'no gradient checkpointing, only the LLM does; many image slices; '
                                   'checkpoint the vision blocks (vit_gradient_checkpointing), fewer slices '
                                   '(max_slice_nums), lower resolution, or freeze the vision tower '
                                   '(freeze_vit).',
              'mem-per-layer': 'How much memory does each layer save for backward: nn.Linear and nn.Conv2d '
                               'save their input, ReLU and softmax their output (and what inplace=True '
                               'changes), BatchNorm2d its input and per-channel statistics.',
              'mem-second-step': 'CUDA out of memory in the second batch or the second iteration, the first '
                                 "one trains: the first optimizer.step() creates Adam's state, twice the "
                                 'parameters, which every later step holds. Out of memory at the first '
                                 'optimizer.step(). How large a batch fits? Out of memory after one training '
                                 'step; the second step runs out of memory; OOM after the first batch.',
              'mem-val-oom': 'Training works but validation runs out of memory: CUDA out of memory during '
                             'validation although training fits; validation uses more GPU memory than '
                             'training; GPU memory jumps at evaluation (50 GB in training, 70 GB in '
                             'validation). Validation on whole, full-size images while training uses random '
                             'crops (patches): out of memory in validation even under torch.no_grad() and '
                             'with batch size 1. The validation data is not pruned to the maximum duration '
                             "or length of the training data. GPU 0's memory rises at validation with "
                             'nn.DataParallel (output_device). Free the gradients with optimizer.zero_grad() '
                             'before validation; validate in tiles, downscale, or move the outputs to the '
                             'CPU. Why does validation need more memory than training when it needs no '
                             'gradients? GPU memory runs out midway through testing although training has no '
                             'problem and the test set has only a few hundred images. Is there a memory leak '
                             'during validation? The eval script runs without torch.no_grad() and GPU memory '
                             'cannot hold it; adding with torch.no_grad() prevents the memory from blowing '
                             'up. GPU memory keeps increasing during validation in distributed training '
                             '(DDP): dist.new_group() called at every evaluation creates a new process group '
                             'each time; create the groups once. Add with torch.no_grad(): to keep GPU '
                             'memory from blowing up in evaluation. Validation runs out of GPU memory after '
                             'each training epoch, even with a small batch_size. GPU memory keeps growing '
                             "during evaluation until it runs out: the evaluator keeps every batch's images "
                             'or outputs on the GPU and joins them with torch.cat at the end; move what is '
                             'kept to the CPU. GPU memory keeps growing during evaluation until it blows up: '
                             "the evaluator keeps every batch's images on the GPU and calls images = "
                             'torch.cat(images) at the end, RuntimeError: CUDA out of memory; move each '
                             "batch to the CPU before keeping it. Collecting every batch's images or outputs "
                             'on the GPU and joining them with torch.cat at the end (images = '
                             'torch.cat(images)): GPU memory grows during the run until CUDA out of memory; '
                             'move each batch to the CPU first. Training on several GPUs: fine in the first '
                             'epoch, GPU memory explodes from the second epoch on, after the first '
                             'validation. Hugging Face Trainer goes out of memory as soon as evaluation '
                             'starts at eval_steps: eval_accumulation_steps, preprocess_logits_for_metrics. '
                             'Too much RAM used during validation inference; memory full when computing '
                             'metrics at high resolution. PyTorch Lightning evaluation_loop memory leak: '
                             'training was running smoothly, but CUDA out of memory during evaluation, and '
                             'memory allocated increases slightly after every validation batch; what '
                             'validation_step returns is kept for validation_epoch_end. ms-swift uses 10 GB '
                             'more GPU memory when it runs the validation set.',
              'mem-what-grows': 'Memory increases every iteration until out of memory: which memory of a '
                                'training loop stays constant (parameters, Adam optimizer state, gradients, '
                                'saved activations) and what keeps the graphs of earlier iterations alive. '
                                'Is it a memory leak when memory grows during the first iterations and then '
                                'levels off? Memory use grows during PyTorch model training: many users see '
                                'memory usage increase gradually. How to release resources and find a memory '
                                'leak. Efficient ways to release resources in PyTorch: memory leaks often '
                                'trouble developers in deep learning with PyTorch.',
              'pit-data-parallel-loss': 'grad can be implicitly created only for scalar outputs, this bug '
                                        'appeared when I use several GPUs (multi-GPU, multiple GPUs) with '
                                        'nn.DataParallel: the loss returned by forward is gathered as one '
                                        'value per GPU; use loss.mean().backward(), not '
                                        'loss.backward(torch.ones_like(loss)). Adversarial training on '
                                        'several GPUs (n_gpu=2): should loss_adv be averaged with loss_adv = '
                                        'loss_adv.mean()? Training on multi-GPUs out of memory: with '
                                        'nn.DataParallel only GPU 0 (the first GPU) runs out of memory while '
                                        'the others have room; the outputs are gathered on device_ids[0], '
                                        'where the loss and its graph then sit; compute the loss inside '
                                        'forward or use DistributedDataParallel. multi-GPU nn.DataParallel '
                                        'on two cards: Was asked to gather along dimension 0, but all input '
                                        'tensors were scalars; with data parallel on, the model returns one '
                                        'loss per GPU. Why does it raise an error when run on several GPUs? '
                                        'Single-GPU fine-tuning script runs out of memory on a server with '
                                        'two GPUs (GLM-4, A40): UserWarning: Was asked to gather along '
                                        'dimension 0, but all input tensors were scalars; will instead '
                                        'unsqueeze and return a vector. The Hugging Face Trainer wraps the '
                                        'model in nn.DataParallel when n_gpu > 1 (Training with DataParallel '
                                        'so batch size has been adjusted to); set CUDA_VISIBLE_DEVICES=0, or '
                                        "launch with torchrun. RuntimeError: Function 'BroadcastBackward' "
                                        'returned nan values in its 0th output with nn.DataParallel and AMP '
                                        '(GradScaler, autocast) under anomaly detection, at '
                                        'scaler.scale(loss).backward(): what is BroadcastBackward, and what '
                                        'is the large tensor scaler.scale(loss) prints (bound method '
                                        "Tensor.backward of tensor([479351.37500]))? The replicas' infinite "
                                        'gradients summed to NaN; the scaled loss is the loss times 65536.',
              'pit-deepcopy-graph': 'copy.deepcopy(model) fails with Only Tensors created explicitly by the '
                                    'user (graph leaves) support the deepcopy protocol: a deepcopy error in '
                                    'ModelEMA or when saving the best model, because the model stores a '
                                    'tensor from forward on self. Some models copy and others fail: the '
                                    'failing ones use the old torch.nn.utils.weight_norm, whose computed '
                                    'weight attribute deepcopy refuses even before any forward pass; use '
                                    'torch.nn.utils.parametrizations.weight_norm, which loads old weight_g '
                                    "and weight_v checkpoints. MONAI CopyItemsd transform can't support a "
                                    'tensor from the model: a tensor with a graph is copied with '
                                    'tensor.detach().clone(). How to fix the runtime error: Only Tensors '
                                    'created explicitly by the user (graph leaves) support the deepcopy '
                                    'protocol.',
              'pit-embedding-max-norm': 'nn.Embedding with max_norm: one of the variables needed for '
                                        'gradient computation has been modified by an inplace operation in a '
                                        'recommender or collaborative metric learning (CML) model; the '
                                        'embedding weight is renormalized in place by every lookup; clone '
                                        'the weight.',
              'pit-empty-params': 'ValueError: optimizer got an empty parameter list when building the '
                                  'optimizer: optim.Adam(filter(lambda p: p.requires_grad, '
                                  'model.parameters())) after freezing every parameter, layers kept in a '
                                  'Python list instead of nn.ModuleList, or model.parameters() (a generator) '
                                  'already used up.',
              'pit-grad-none': 'Why is param.grad None after loss.backward()? Every cause: non-leaf tensor, '
                               '.to() or .cuda() after requires_grad, zero_grad, no_grad, detach, unused or '
                               'frozen parameters. The gradient of the inputs or of the weights is None '
                               "(NoneType) after backward: the grad value is none. A layer's own parameters "
                               '(GroupNorm gamma and beta) have grad None while the rest of the network is '
                               'fine: is that normal, will they be updated? NoneType of param.grad.data: '
                               'param.grad is None when read before backward() has run. Gradient w.r.t input '
                               "is NoneType. loss.backward() can't update model parameters: the layers' "
                               'parameters remain unchanged during training, and the gradients of some '
                               'variables after loss.backward all turn out to be None. Frozen parameters '
                               'with requires_grad=False: p.grad is None, not zeros, so a gradient norm over '
                               'every parameter fails. grad is None: during training the gradient is None '
                               'and the loss does not change, with DeepSpeed ZeRO-3 (zero3_offload.json) or '
                               'FSDP; the sharding wrapper keeps the gradients, so param.grad is None by '
                               'design: read them with deepspeed.utils.safe_get_full_grad(param). '
                               'Stop-gradients in skip-connections: a layer whose output is used only '
                               'through a detached tensor (skip_in.detach()) gets no gradient, so '
                               'conv1b.0.weight has grad None and the layer never trains. DPO loss stays at '
                               '0.693 (ln 2) and does not change under DeepSpeed ZeRO-3: why the DPO loss '
                               'starts at 0.6931, and how to check that a step changes the weights with '
                               'deepspeed.utils.safe_get_full_fp32_param before and after step. V-DPO with '
                               'LLaVA: the gradient is None and the loss does not change; the script trains '
                               'the whole language model with gradient checkpointing and '
                               'enable_input_require_grads under DeepSpeed ZeRO-3 offload. "grad0 None" is '
                               'this normal? micro.grad is None: the data batch never required grad, read a '
                               "parameter's .grad; grad_norm in the log is not zero. Freeze the model and "
                               "optimize poses: the pose's grad is None and cannot be optimized (nerfstudio, "
                               'Instant-NGP, nerfacc sampler under torch.no_grad, tiny-cuda-nn). Camera pose '
                               'optimization with a frozen NeRF: rebuild the ray sample positions from '
                               't_starts and t_ends outside no_grad; does the tiny-cuda-nn hash grid return '
                               'a gradient for its input positions? After I call the backward() method of '
                               'the loss the grad attribute of the diagonal_weight_filter is None (GWNN, '
                               'torch_sparse spspmm): does a library op pass a gradient to its values? '
                               "GatedGraphConv error: ggnn.linears.5.weight's grad is None when edge_types "
                               'is 8: one Linear per edge type, unused in a batch without that type. '
                               'goals_2D_mlps does not have gradients even for the training, is it expected? '
                               'The input was detached.',
              'pit-grad-none-zero': "AttributeError: 'NoneType' object has no attribute 'zero_' on "
                                    "x.grad.zero_(), or 'NoneType' object has no attribute 'data' on "
                                    'w.grad.data.zero_(): the gradient is None before the first backward, or '
                                    'the input does not require grad (Grad-CAM, saliency map).',
              'pit-hidden-state': 'The hidden state of an RNN or LSTM carried from batch to batch needs '
                                  'detach(), as in truncated backpropagation through time (TBPTT). Language '
                                  "model: why detach(states) before every training step, and why shouldn't "
                                  'the states carry their graph? RNN with adjacent sampling detaches the '
                                  'hidden state before each iteration. How does the hidden state work if the '
                                  "hidden state passed to the model is always just zeroes, then what's the "
                                  "point? Starting every chunk from zeros throws the state's values away. "
                                  'Making the gradient flow through each iteration of the hidden state '
                                  'without detach() causes the error Trying to backward through the graph a '
                                  'second time; detach() keeps the values and cuts the history. Question '
                                  'about h_state = h_state.data in an RNN: Trying to backward through the '
                                  'graph a second time, but the buffers have already been freed, when the '
                                  'hidden state is carried across iterations. Runtime error of inplace '
                                  'operation in an LSTM trained over video frames: do the hidden states h '
                                  'and c have in-place operations? The state was not detached between '
                                  'batches, retain_graph=True kept the old graph, and optimizer.step() '
                                  'changed the weights it saved. GPU memory keeps growing until out of '
                                  "memory in a loop that feeds a GRU's hidden state back in: output, hidden "
                                  "= encoder(x, hidden) chains every iteration's graph to the last. What is "
                                  'repackage_hidden, and why use detach() on the hidden state between '
                                  'batches? Runtime error of inplace operation: do the leaf tensors h and c '
                                  "have inplace operations? An LSTM's h and c carried over from the last "
                                  'iteration: detach both, h, c = h.detach(), c.detach(); the old graph '
                                  'saved the weights that optimizer.step() changed in place. Error in '
                                  'backward with a ConvLSTM: loss.backward() reports an error that says '
                                  'retain_graph should be True, and setting retain_graph=True consumes more '
                                  'and more memory and slows the program down: the hidden state kept on the '
                                  'module from the last batch needs detach(). Runtime error of inplace '
                                  'operation: do the leaf tensors h and c have inplace operations? The LSTM '
                                  'hidden state (h, c) carried into the next batch without detach() reaches '
                                  'into a graph whose weights optimizer.step() has changed.',
              'pit-inplace-decode': 'How to find which tensor the in-place error means: decode the shape, '
                                    'TBackward0 or AsStrided, and the version numbers, then use anomaly '
                                    'detection. The inplace operation error keeps coming back, and goes away '
                                    'when one block (rotary embeddings, an erasing step) is removed: which '
                                    'operation is it? The in-place error appeared suddenly after a change to '
                                    'the code: how to find which operation modified the tensor, and how to '
                                    'avoid it. Writing into another column of the same tensor, b[:, 1] = '
                                    'softplus(b[:, 0]), raises the inplace error with output 0 of '
                                    'AsStridedBackward0: a view shares one version counter with its tensor; '
                                    'clone() the input. An inplace error in the backward pass of the loss in '
                                    'a second training stage: [torch.cuda.FloatTensor [802, 768]] is at '
                                    'version 152; expected version 151 instead. The inplace operation error. '
                                    'In the second stage of training, backpropagating the loss gives an '
                                    'inplace error: [torch.cuda.FloatTensor [802, 768]] is at version 152; '
                                    'expected version 151 instead, though I did not change the code. At the '
                                    'end, computing the gradient of the loss raises one of the variables '
                                    'needed for gradient computation has been modified by an inplace '
                                    'operation: how to solve it? Unable to backpropagate due to inplace '
                                    'operations: what are the possible lines that cause this issue, is it '
                                    'torch.einsum? Decode the message and let anomaly detection point at the '
                                    'forward line instead of guessing. UserWarning: Error detected in '
                                    'ScatterAddBackward0 in a graph neural network (PyG MessagePassing '
                                    'propagate, HAN, heterogeneous GNN): which tensor was modified by an '
                                    'inplace operation? The edge_index. I got errors when training the code '
                                    'with a new version of pyg: output 0 of ReluBackward0 is at version 1; '
                                    'expected version 0. RuntimeError with a LongTensor is at version 2; '
                                    'expected version 0, all code related to models is unchanged: a library '
                                    'upgrade (torch_geometric) brought the in-place write; pin the version '
                                    '(torch_geometric==2.3.0) or clone the tensor. output 0 of '
                                    'IndexPutBackward (IndexPut) is at version 2; expected version 1: an '
                                    'indexed assignment t[mask] = v written twice. Removing one loss term '
                                    'makes training work: why the in-place error disappears. YOLOv4 training '
                                    'on my own dataset: modified by an inplace operation [torch.FloatTensor '
                                    '[4, 3, 19, 19, 85]], which is output 0 of AsStridedBackward, is at '
                                    "version 6; expected version 3: the YOLO head's output [batch, anchors, "
                                    'H, W, 5 + classes] written in place in Yolo_loss (output[..., np.r_[:2, '
                                    '4:n_ch]] = torch.sigmoid(...), *= obj_mask, *= tgt_mask); write the '
                                    'loss out of place or upgrade PyTorch.',
              'pit-inplace-layers': 'Inplace operation error in MobileNet or Xception: '
                                    'nn.ReLU(inplace=True), ReLU6(inplace=True) or Dropout(inplace=True) '
                                    'after a ReLU or sigmoid; in-place ReLUs are unnecessary and wrong; '
                                    'remove inplace=True. Does the inplace argument of nn.ReLU() affect the '
                                    'backward pass of the loss? Not after a layer that saved only its input '
                                    '(a linear or convolution layer), but it fails after one that saved its '
                                    'output. WGAN-GP gradient_penalty with autograd.grad(create_graph=True, '
                                    'retain_graph=True, only_inputs=True) raises the inplace operation '
                                    'error: the critic has LeakyReLU(inplace=True) followed by '
                                    'Dropout(inplace=True); worked on 0.3.1, fails on 0.4.1.',
              'pit-inplace-saved': 'An in-place operation such as +=, nn.ReLU(inplace=True), relu_() or x[0] '
                                   '= 0 on a saved tensor raises this error and breaks backward. The '
                                   'gradient cannot flow back once a data augmentation such as random '
                                   'erasing writes into its input tensor; computing on x.clone() fixes it. '
                                   'When are in-place operations allowed and when not? An in-place change is '
                                   'refused only when the backward of an earlier operation saved that tensor '
                                   '(sigmoid, exp and tanh save their output); otherwise it is allowed. '
                                   'Several += operations cause RuntimeError: one of the variables needed '
                                   'for gradient computation has been modified by an inplace operation, when '
                                   'I modify an item with +=. Train error: the message names output 0 of '
                                   'TanhBackward0 (or SigmoidBackward0), is at version 1; expected version '
                                   '0: a += or *= after tanh changed the output that tanh saved; write them '
                                   'out of place, x = x + y. PyTorch runtime error: a variable needed for '
                                   'gradient computation has been modified by an in-place operation. Inplace '
                                   "ReLU's are unnecessary and wrong when the tensor is saved for backward. "
                                   'Train error: which is output 0 of TanhBackward0, is at version 1; '
                                   'expected version 0 instead: tanh saves its output, and an in-place '
                                   'change of that output breaks backward. An inplace operation in the '
                                   'forward process, such as token += pos_embedding on a tensor another '
                                   'branch also reads, may cause the error; token = token + pos_embedding '
                                   'fixes it. Why is the in-place operation for ReLU used in models and '
                                   'examples, and in which cases is it not allowed? The gradient cannot flow '
                                   'back: setting x2 = x.clone() in the random erasing step and returning x2 '
                                   'solves it. Solving the RuntimeError caused by an in-place operation in '
                                   'PyTorch: one of the variables needed for gradient computation has been '
                                   'modified by an inplace operation, raised when the final loss computes '
                                   'its gradient. Inplace operation error in gradient computation; something '
                                   'is being updated during the gradient computation; var1 *= var2 in '
                                   'forward.',
              'pit-leaf-device': 'w.grad is None after .cuda() or .to(device): requires_grad=True before '
                                 ".to() makes a non-leaf copy, and the optimizer says can't optimize a "
                                 'non-leaf Tensor; create the tensor with device= instead. The same after '
                                 'any operation: randn(..., requires_grad=True) * 0.01, or a slice of a '
                                 'parameter such as embedding[:2], is a non-leaf. Gradients are always None '
                                 'after backward when the tensor that requires grad is put on cuda. Using '
                                 'view on a variable makes backward fail to assign its grad: x = '
                                 'torch.ones(3, requires_grad=True).view(3, 1) names the view, and its grad '
                                 'is always None. w1 = w.type(torch.float): why is w1.grad None? A '
                                 'conversion after requires_grad=True makes a non-leaf copy. How to define a '
                                 'leaf tensor: why are requires_grad=True at creation and a conversion after '
                                 "creation not the same? Even with requires_grad set to True, the variable's "
                                 'grad is still None when taking the gradient of a value such as the loss '
                                 'with respect to it. Using PyTorch 0.4 with CUDA, grad was None: x = '
                                 'x.cuda() after requires_grad=True makes x a non-leaf copy. How to write '
                                 "the backward function in a RoundFunction when I can't get the gradients of "
                                 'the input. Gradients are gone when moving the code to CUDA: UserWarning: '
                                 'The .grad attribute of a Tensor that is not a leaf Tensor is being '
                                 'accessed.',
              'pit-leaf-inplace': 'A manual SGD update w -= lr * w.grad, or weight.fill_() on a parameter, '
                                  'fails because the leaf tensor requires grad; wrap the update in '
                                  'torch.no_grad(). In a forward pass, inputs_embeds += image_embeds.mean() '
                                  '* 0. raises the leaf error on NPU but not on CUDA: write inputs_embeds = '
                                  'inputs_embeds + ..., not no_grad; enable_input_require_grads makes the '
                                  'embedding output a leaf. with torch.no_grad(): dist.broadcast(p, 0) in '
                                  'sync_params still raises a leaf Variable that requires grad is being used '
                                  'in an in-place operation on Windows with gloo: broadcast p.detach(). '
                                  'Under torch.no_grad(), w -= lr * w.grad and w = w - lr * w.grad behave '
                                  'differently: the second makes a new tensor that does not require grad and '
                                  'rebinds the name, the leaf keeps its old values, and the next backward '
                                  'says element 0 of tensors does not require grad. In-place operation error '
                                  'thrown after mutation instead of before: does the failed w.add_() change '
                                  "the leaf's values and break the graph? No: the check runs before the "
                                  'operation, the leaf keeps its values and version 0. Porting an '
                                  'initialisation such as trunc_normal_ (uniform_ on a tensor that requires '
                                  'grad) raises the leaf in-place error: a tensor that requires grad cannot '
                                  'be changed in place; run it under torch.no_grad(), as nn.init does. '
                                  'Paddle 2.2: a Tensor with a gradient inside paddle.no_grad(); Torch also '
                                  'refuses an inplace operation on a tensor that requires grad (uniform_ in '
                                  'trunc_normal_ initialization): make the change under torch.no_grad(). '
                                  "Porting to Paddle: Leaf Tensor that doesn't stop gradient can't use "
                                  'inplace strategy. RuntimeError: leaf variable has been moved into the '
                                  'graph interior, raised at backward() by older releases: modifying inplace '
                                  'views of a leaf (bar = foo[10:, 10:]; bar *= 10) gives this unclear error '
                                  'message; the same mistake as a view of a leaf Variable that requires grad '
                                  'is being used in an in-place operation. Dive into Deep Learning 3.6 '
                                  'softmax regression from scratch: running train_ch3 says the leaf variable '
                                  'has been moved into the graph interior; a parameter (W or b) was changed '
                                  'in place while autograd was recording: update it under torch.no_grad(). '
                                  'LLaMA-Factory fine-tuning MiniCPM-o fails: RuntimeError: a view of a leaf '
                                  'Variable that requires grad is being used in an in-place operation, in '
                                  'get_vllm_embedding where cur_vllm_emb.scatter_ writes the image features '
                                  'into vllm_embedding[i]; clone() the embedding output first or use '
                                  'masked_scatter, not no_grad.',
              'pit-leaf-out': "RuntimeError: add(): functions with out=... arguments don't support automatic "
                              'differentiation, but one of the arguments requires grad. torch.cat, '
                              'torch.matmul or torch.add with out= on a tensor that requires grad; write the '
                              'result into an existing tensor.',
              'pit-loss-dtype': 'RuntimeError: Found dtype Long but expected Float (or Found dtype Double '
                                'but expected Float) in loss.backward() or in the loss: the labels or target '
                                'have the wrong dtype for BCELoss, HuberLoss or MSELoss. Convert the target '
                                'with target.float() before the criterion. BCEWithLogitsLoss: result type '
                                "Float can't be cast to the desired output type Long. Issue fitting the "
                                'model: a Hugging Face image classifier trained on one class (num_labels=1) '
                                'is treated as regression with MSELoss and integer labels; converting the '
                                'labels to float gives The target has to be an integer tensor; use at least '
                                'two classes or set problem_type. LongTensor/FloatTensor problem when '
                                'running the loss function.',
              'pit-loss-number': "AttributeError: 'int' object has no attribute 'backward' ('float' object "
                                 "has no attribute 'backward'): the loss function returned 0 when an image "
                                 'has no target boxes; return pred.sum() * 0.',
              'pit-module-state': 'Spiking neurons (SpikingJelly, snnTorch) or a stateful layer keep the '
                                  'membrane potential between batches: Trying to backward through the graph '
                                  'a second time on the second batch; reset the network state every batch '
                                  '(functional.reset_net). Problem with STDP learning: when I repeat the '
                                  'training process, loss.backward() the second time says the computing '
                                  'graph has already been freed; the neurons were not reset. A spiking '
                                  'ResNet (MultiStepIFNode) runs CUDA out of memory in a loop of forward '
                                  'passes: the membrane potential chains each call onto the previous graph '
                                  'until reset_net. 训练的时候的内存爆炸问题: out of memory while training a spiking '
                                  'network (Spike-Driven Transformer); tell a state that is not reset '
                                  '(memory rises after each step) from a batch or time-step count too large '
                                  '(memory flat after each step, peak grows with T × batch). Memory explodes '
                                  'during training: an out-of-memory error while training. Spiking networks '
                                  '(SpikingJelly, SEW-ResNet, QKFormer): backward through the graph a second '
                                  'time from the second batch on, in my own training loop, even with '
                                  "retain_graph=True: reset the neurons' state each batch with "
                                  'functional.reset_net(net). When I use LIF neurons as the activation '
                                  'function, backward raises one of the variables needed for gradient '
                                  'computation has been modified by an inplace operation, is at version 5; '
                                  'expected version 3: the training engine passes retain_graph=True '
                                  '(CrossViT, DeiT) and the neurons are never reset. Use of '
                                  'functional.reset_net: the spiking network needs several forward passes '
                                  'before the loss can be computed; should reset_net run right after each '
                                  'forward pass? Two inputs in one step (img0 and img1, a siamese or stereo '
                                  'SNN), reset between them, one loss, one backward. Runtime Error while '
                                  'executing loss.backward() for both the evolvegcnh & evolvegcno examples: '
                                  "PyTorch Geometric Temporal's EvolveGCNH and EvolveGCNO keep the "
                                  'GRU-evolved weight in self.weight between epochs; detach it '
                                  '(model.recurrent.weight = model.recurrent.weight.detach()) or call '
                                  'reinitialize_weight() after each epoch. Which module attribute still '
                                  'holds a graph: list the tensor attributes whose grad_fn is not None.',
              'pit-no-grad-fn': 'loss.backward() raises element 0 of tensors does not require grad and does '
                                'not have a grad_fn: requires_grad forgotten, the loss computed under '
                                'torch.no_grad(), or detach(), .item() or .numpy() somewhere in the chain. I '
                                'set loss.requires_grad = True (or loss.requires_grad_()) and the error went '
                                'away, but the model does not learn. torch.tensor(list of losses or '
                                'log_probs) creates a new tensor detached from the graph: use torch.stack; '
                                'the policy does not learn. Every parameter of the model is frozen '
                                '(model.requires_grad_(False)), so training needs loss.requires_grad_(True); '
                                "image features written into a frozen LLM's embeddings with h.data[i, a:b] = "
                                'feats.data, and the vision encoder gets no gradient. Training works on the '
                                'demo datasets and fails with element 0 of tensors does not require grad '
                                'only on my own dataset: a loss that is a constant tensor for a batch with '
                                'no targets. To find the failing batch, check loss.grad_fn before backward '
                                "and print the batch's labels: with every label -100 (ignore_index) "
                                'cross_entropy gives a nan loss that still has a grad_fn; skip the batch or '
                                'keep the loss on the graph. I want the gradients to flow through the frozen '
                                "LLM but don't want its params updated: freeze with requires_grad_(False), "
                                'compute the loss from the forward, not generate() (no_grad), keep '
                                'inputs_embeds requiring grad, and with gradient checkpointing call '
                                'enable_input_require_grads or use_reentrant=False. A LoRA training script '
                                'whose adapters a newer library (diffusers) no longer attaches: '
                                'accelerator.backward(loss) raises it and training fails; count the '
                                'parameters that require grad. .grad is None with autograd through a list of '
                                'tensors: torch.tensor(list_of_tensors) copies the values, so no gradient '
                                'flows back to them. Training error: element 0 of tensors does not require '
                                'grad and does not have a grad_fn, although I checked the inputs and '
                                'outputs. Training error: element 0 of tensors does not require grad and '
                                'does not have a grad_fn; how do I fix it, on an old release such as PyTorch '
                                '1.2 too? Implementing a PINN: u_t = torch.autograd.grad(u, t, '
                                'grad_outputs=torch.ones_like(u), create_graph=True)[0] raises RuntimeError: '
                                'element 0 of tensors does not require grad and does not have a grad_fn when '
                                'an optimizer library runs the model under no_grad. The PSNR (or the loss) '
                                'does not change during training after the per-output losses are wrapped in '
                                'torch.tensor([criterion(restored[j], target) for j in '
                                'range(len(restored))], requires_grad=True).sum(): torch.tensor copies the '
                                'values into a new leaf, so no gradient reaches the model; add them with '
                                'torch.stack(losses).sum(). An error message you may meet while training a '
                                'deep learning model with PyTorch: element 0 of tensors does not require '
                                'grad and does not have a grad_fn. RuntimeError: element 0 of tensors does '
                                'not require grad and does not have a grad_fn when I run the training code '
                                '(an error during training): how do I solve it? Check loss.grad_fn to find '
                                'where the graph was cut. element 1 of tensors does not require grad and '
                                'does not have a grad_fn: element N is the N-th tensor (from 0) passed to '
                                'torch.autograd.backward or torch.autograd.grad; one of the losses in the '
                                'list is a constant, on one code path only (without deepspeed). BAdam '
                                'BlockOptimizer with Seq2SeqTrainer (use_badam in LlamaFactory): element 0 '
                                'of tensors does not require grad and does not have a grad_fn after wrapping '
                                'the optimizer; the block optimizer freezes every other block itself, and '
                                'gradient checkpointing then needs model.enable_input_require_grads() or '
                                'use_reentrant=False. Diffusers example train_text_to_image_lora.py broken '
                                "gradients: gradient won't backprop when running the example LoRA training "
                                'from the main branch with the released diffusers or peft (element 0 of '
                                'tensors at accelerator.backward(loss)); install diffusers from source as '
                                "the examples' README says, or use the example from your release's tag. "
                                'element 0 of tensors does not require grad and does not have a grad_fn only '
                                'on CPU: if I run the code in CPU there is an error, but on GPU it works '
                                'fine (DGL GATNE-T example). Only one model fails with element 0 of tensors '
                                'does not require grad and does not have a grad_fn, fine-tuning other models '
                                'works (MiniCPM-V-2.6 LoRA with ms-swift): update the framework to the '
                                'commit that supports the model. Gemma 2 + unsloth + fa2 full SFT '
                                'RuntimeError element 0: unsloth supports only LoRA and QLoRA, 0 trainable '
                                'parameters with use_unsloth and finetuning_type full. Element 0 of tensors '
                                'does not require grad only when training on multiple GPUs (DataParallel, '
                                'Trainer on several GPUs), one GPU works; loss.requires_grad_(True) did not '
                                'help. How to find the line where the graph is cut: detect_anomaly does not '
                                'point to the line; a forward hook on every module prints requires_grad. '
                                "Lightning Trainer(strategy='dp') with from transformers import AdamW: "
                                'element 0 of tensors does not require grad when I ran the ner task in '
                                'multiple GPUs; torch.is_grad_enabled() is False in training_step; use '
                                'torch.optim.AdamW. train TFT model on Mac M1 mps device: element 0 of '
                                'tensors does not require grad and does not have a grad_fn; '
                                'pytorch-forecasting warns Loss is not finite. Resetting it to 1e9.',
              'pit-non-leaf-grad': 'Why is .grad None after loss.backward() for an intermediate tensor (a '
                                   'non-leaf)? The UserWarning that says to use .retain_grad() on the '
                                   'non-leaf Tensor, printed during training: what it means. How to solve '
                                   'the .grad warning during inference when my code never reads .grad: a '
                                   'library checks t.grad is not None on a model output; find who reads it '
                                   "with warnings.filterwarnings('error') or python -W error, run inference "
                                   'under torch.no_grad(), or filter the warning. loss.grad is constant 1: '
                                   'after loss.retain_grad() and loss.backward(), loss.grad is tensor(1.) '
                                   'because backward() starts from d loss / d loss = 1. Sometimes the '
                                   'gradient does not seem to back-propagate after view(): the result of '
                                   'view() is not a leaf, so its .grad stays None. loss.grad is constant 1. '
                                   'How to save the gradient of an intermediate tensor generated in backward '
                                   'for future use: call retain_grad() before backward(). Why is the output '
                                   'of the final nn.Linear layer not retaining its grad, giving None? '
                                   'requires_grad = True, but y.grad is printed as None: y is an '
                                   'intermediate result, not a leaf. To save memory, backward keeps the '
                                   'gradient only for the leaf variables of the graph; to inspect the '
                                   'gradient of an intermediate variable and check an implementation, call '
                                   'retain_grad() on it before backward(). RTDETR warning .grad attribute of '
                                   'a Tensor that is not a leaf Tensor is being accessed after model.half(), '
                                   'model.cuda(), .to() or .float(): a tensor converted by hand '
                                   '(weight.half()) or a buffer that requires grad becomes a non-leaf; '
                                   'converting the module keeps its parameters leaves.',
              'pit-non-scalar': 'Why does loss.backward() raise grad can be implicitly created only for '
                                'scalar outputs? The loss holds one value per sample: reduce it with .mean() '
                                'or .sum(), or pass the gradient argument. torch.autograd.grad(y, x) for a '
                                'non-scalar y: pass grad_outputs=torch.ones_like(y). Why does your '
                                'loss.backward() raise an error? grad can be implicitly created only for '
                                'scalar outputs: the loss is not a scalar. Why does your loss.backward() '
                                'raise an error? Most often the loss is not a scalar. Does the loss need '
                                '.sum() before backward()? Only when it is not a scalar: nn.MSELoss averages '
                                "by default (reduction='mean'), so its loss is already a scalar. Dive into "
                                'Deep Learning 3.3: must the loss function be summed with sum() before '
                                'calling the backward function when training the model? Only when the loss '
                                'is not a scalar. I did not understand how backward() is used: what '
                                'backward() computes, on a scalar loss or with a gradient argument.',
              'pit-resize-requires-grad': 'RuntimeError: cannot resize variables that require grad in '
                                          "resize_(), in a metric meter (APMeter) that stores the model's "
                                          'outputs: pass output.detach().',
              'pit-retain-graph': 'retain_graph=True silenced the error, and now training gets slower every '
                                  'iteration and runs out of memory. Why set retain_graph to True in '
                                  "backward: won't GPU memory explode? Error about "
                                  'self.accelerator.backward(loss): after I add retain_graph=True the code '
                                  'runs normally; is this normal, or am I doing something wrong? The error '
                                  'went away, but a tensor still carries the graph from one minibatch to the '
                                  'next.',
              'pit-rollout-graph': 'PPO or MAPPO crashes with mini_epochs > 1: trying to backward through '
                                   'the graph a second time in the second epoch over the same rollout. Why '
                                   'does PPO store old_log_probs (action_log_probs) without gradient and '
                                   'compute log_prob again in the update instead of re-using the log_prob '
                                   'values saved into the buffer? Policy gradient, REINFORCE, replay buffer, '
                                   'old policy. Vanilla policy gradient: the log prob is not the original '
                                   'log prob; why is the log-probability computed again in the update '
                                   'instead of taken from the buffer? To store experience of policy '
                                   'gradient, I call finish_episode() more than once to randomly sample some '
                                   'experiences, and backward raises Trying to backward through the graph '
                                   'second time: please specify retain_variables=True. How is policy_model '
                                   'updated? In the first step of the GRPO (PPO) inner loop old_log_probs '
                                   'and new_log_probs are equal, the ratio is 1 and the loss is only the '
                                   'advantage: does any gradient reach policy_model? Loss 0 does not mean a '
                                   'zero gradient.',
              'pit-running-loss': 'Readers describe this as a memory leak: GPU or CUDA memory keeps '
                                  'increasing every iteration when total_loss or running_loss accumulates '
                                  'losses that still hold their graphs (running_loss += loss instead of '
                                  'loss.item()). losstensorMean += losstensor: always out of memory at the '
                                  'end of the first epoch. GPU memory usage increases with the iteration '
                                  'number in a loop that adds up tensors that require grad (I_total += I_i); '
                                  'del on the loop variables frees nothing, because the total keeps every '
                                  "iteration's graph. Avoid high memory usage from past computations: the "
                                  'computation graph of the losses is held in memory because of not using '
                                  '.item(). How to release the loss to avoid a memory leak: keep '
                                  'loss.item(), not the loss tensor. Why does GPU memory overflow after '
                                  'training for a while? At the start there is free memory, but training '
                                  'stops with out of memory before one epoch ends. Accumulating the loss as '
                                  'total_loss += loss or val_loss += loss can overflow GPU memory. '
                                  'loss.item() works only for a tensor with one element; use it to keep GPU '
                                  'memory from blowing up. Why does GPU memory keep increasing during '
                                  'training until it blows up? The code has a memory leak: the losses are '
                                  'added up directly instead of += loss.item(), and memory keeps increasing. '
                                  'Tensors kept across iterations without detach() or .item(), such as a '
                                  'loss added to a running total, pile up until GPU memory runs out: each '
                                  "one holds its iteration's graph. GPU memory leakage, CUDA out of memory "
                                  'after 2 epochs: the actual losses, not their values or detached versions, '
                                  'are accumulated for visualization or logging; update the meters with '
                                  'loss.item(). GPU memory usage ceaselessly grows; the memory grows without '
                                  'limit until OOM. GPU memory consumption grows: recording the losses with '
                                  '+= and without .item() stores the states of the whole epoch until the GPU '
                                  'runs out of memory. Memory issues caused by += with pytorch graph '
                                  'objects: running the code in a Kaggle notebook quickly runs out of RAM; '
                                  'you are effectively building a computational graph that gets bigger every '
                                  'time you run e_train += e_batch.',
              'pit-step-between-backwards': 'The inplace operation error after optimizer.step() in GAN '
                                            'training: the discriminator (or WGAN critic) was updated before '
                                            "the generator's backward went through it. The error appears in "
                                            'the adversarial loss (g_loss.backward()) after the '
                                            "discriminator's optimizer step. A GAN tutorial script reports "
                                            'that a variable needed for gradient computation was modified by '
                                            'an inplace operation, output 0 of TBackward, since PyTorch 1.5: '
                                            "the discriminator's opt_D.step() ran before the generator's "
                                            'backward. 406_GAN.py reports that a variable needed for '
                                            'gradient computation was modified by an inplace operation: '
                                            '[torch.FloatTensor [128, 1]], which is output 0 of TBackward, '
                                            'is at version 2; expected version 1 instead. loss2.backward() '
                                            'runtime error after loss1.backward(retain_graph=True) and '
                                            'self.optimizer.step(): modified by an inplace operation, '
                                            'AsStridedBackward0. Wrong gradient calculation code? output 0 '
                                            'of AsStridedBackward0, is at version 6; expected version 5 '
                                            'instead, where loss1.backward() worked with PyTorch 1.4. '
                                            'CycleGAN code that ran before fails with pytorch >= 1.5: a '
                                            'weight of shape [3, 64, 7, 7] is at version 3; expected version '
                                            '1 instead, because a generator or discriminator was stepped by '
                                            'its optimizer before a backward that still needs its old '
                                            'weights. Why is optimizer.step() written twice? '
                                            'loss1.backward(retain_graph=True); optimizer.step(); '
                                            'loss2.backward() fails with the in-place error '
                                            '(Anomaly-Transformer minimax training).',
              'pit-step-two-models': 'Actor-critic (A2C, PPO, SAC, DDPG) fails with the in-place error after '
                                     'critic_optimizer.step(); detach the advantage. RuntimeError about '
                                     'AC_CartPole.py, actor critic on CartPole: one of the variables needed '
                                     'for gradient computation has been modified by an inplace operation: '
                                     '[torch.FloatTensor [20, 1]], which is output 0 of TBackward, is at '
                                     "version 2; expected version 1. The critic's step changed the weight "
                                     "the actor's backward needs: detach the TD error (td_error) before the "
                                     "actor's loss. Which version of PyTorch should be used? The code ran on "
                                     'an old release; with pytorch 1.5 or 1.7 it raises the in-place error '
                                     '(SAC, actor-critic). For the records who faced inplace operation '
                                     'error: if you use Pytorch >= 1.5.0 you will face the inplace operation '
                                     'error while executing the SAC example, especially in optimize_model '
                                     '(Grokking Deep Reinforcement Learning, gdrl). QF_Loss backprops policy '
                                     'network: the policy_loss is formulated before the QF_Loss is, but the '
                                     'QF_Loss backprops the policy network before policy_loss does, which '
                                     'causes a Torch error (CQL, COMBO, SAC trainer). OAC or SAC trainer: '
                                     'the q-function optimizers step, then policy_loss.backward() raises one '
                                     'of the variables needed for gradient computation has been modified by '
                                     'an inplace operation; compute q_new_actions and the policy loss after '
                                     'the q updates. TQC, SAC: Incompatible with PyTorch 2.0, variable '
                                     'modified inplace; the actor loss through the critic, computed before '
                                     "the critic's optimizer step, then actor_loss.backward(); "
                                     '[torch.FloatTensor [512, 25]], which is output 0 of '
                                     'AsStridedBackward0; it ran on old PyTorch before 1.5.',
              'pit-target-outside-loop': 'Synthetic labels Y = X @ true_W + true_b computed once before the '
                                         'loop, with true_W and true_b created with requires_grad=True: the '
                                         "second mini-batch's backward raises Trying to backward through the "
                                         'graph a second time, because every loss reaches back into the same '
                                         'graph that built the labels. Trying to backward through the graph '
                                         'a second time: the reason is that I made consecutive calls to the '
                                         'same calculation graph, built once before the loop. The reason for '
                                         'the above problem is that I made consecutive calls to the same '
                                         'calculation graph. Applying a class activation map (Grad-CAM) to '
                                         "the images of a trained GAN's generator: x_fake = netG(z_noise) "
                                         'once, then one backward per image: Trying to backward through the '
                                         'graph a second time.',
              'pit-teacher': 'Knowledge distillation: is the teacher model updated by loss.backward() when '
                             'it is only in eval() mode and its requires_grad is still True? Should the '
                             'teacher run under torch.no_grad()? Teacher weights in the optimizer. EMA '
                             'teacher, mean teacher, momentum encoder (MoCo key encoder, BYOL target '
                             'network) update, and why MoCo uses queue.clone().detach(). No stop-grad '
                             'operation in the offline (teacher) branch: the samples pass through the '
                             'offline encoder without no_grad or detach. Out of memory in knowledge '
                             "distillation even at batch size 1: the loaded teacher's weights (a 7B teacher: "
                             "14 GB in bfloat16) fill the GPU under no_grad too; save the teacher's outputs "
                             'beforehand and train the student without loading the teacher, or load the '
                             'teacher in bfloat16 or on another GPU. torch.no_grad on net? EMA '
                             '(ema-pytorch): when you are mutating the network, why are you disabling grad, '
                             "don't you want the net to learn and then copy the weights to the EMA network? "
                             'copy_ of the weights into the EMA model under torch.no_grad() does not stop '
                             'the online network from learning. teacher_pred not detach: in-place '
                             'distillation in a one-shot supernet with the sandwich rule, the largest subnet '
                             'is the teacher and shares weights with the student subnets; detaching the '
                             'teacher prediction saves GPU memory, why not detach, and why retain_graph=True '
                             'then? Why is the model called twice to generate ref_outputs, once under '
                             'torch.no_grad() and once with grad (ref_outputs_with_grad), for the '
                             'cross-entropy loss and the distillation loss? Is it to reduce GPU memory '
                             'usage? Would .detach() instead achieve the same effect without the redundant '
                             'computation? The two forward passes show slight numerical differences: dropout '
                             'in train mode. DPO reference model under torch.no_grad: does the ref model '
                             "keep gradient information? Is LLaMA-Factory's DPO different from trl's? The "
                             'reference log-probs of DPO and PPO have no grad_fn; '
                             'gradient_checkpointing_disable when torch.is_grad_enabled() is False. '
                             "Distillation loss not decreasing, oscillating, not converging: the teacher's "
                             'checkpoint did not load (load_state_dict strict=False, mmcv load_checkpoint: '
                             'The model and loaded state dict do not match exactly, missing keys, unexpected '
                             "key in source state_dict; deep_stem=True set by ResNetV1c in mmseg's resnet.py "
                             'but not in the weights), so the teacher keeps random weights.',
              'pit-validation-backward': 'backward in validation_step or test_step of PyTorch Lightning: '
                                         'element 0 of tensors does not require grad and does not have a '
                                         'grad_fn under inference_mode; use Trainer(inference_mode=False) '
                                         'and torch.enable_grad(). Does backward only work in training mode? '
                                         'model.eval(), cudnn RNN backward can only be called in training '
                                         'mode, two losses added then backward fails in eval mode. How to '
                                         'solve RuntimeError: element 0 of tensors does not require grad and '
                                         'does not have a grad_fn raised in the test function after a full '
                                         'training epoch, from inside model(imgL, imgR) wrapped in '
                                         "nn.DataParallel (parallel_apply): the model's forward calls "
                                         'autograd while the test loop runs under torch.no_grad(); wrap that '
                                         'call in torch.enable_grad(). The first epoch was normal, but an '
                                         'error occurred when the second epoch started, only on the GPU: an '
                                         'evaluate() or sampling function called model.eval() and '
                                         'model.train() was never called again; call model.train() inside '
                                         "the epoch loop. I changed all models to train but it doesn't work, "
                                         'which model should I turn into train? List the RNN modules still '
                                         'in eval mode. cudnn RNN backward in eval mode with Grad-CAM or '
                                         "Captum's Saliency on an LSTM.",
              'pit-view-inplace': 'An in-place clamp_ or += on a piece returned by chunk, split or unbind '
                                  '(log_std of a policy network) raises the view error; use the out-of-place '
                                  'version. q *= self.scaling after q, k, v = self._in_proj(query).chunk(3, '
                                  'dim=-1) in multi-head attention: write q = q * self.scaling. '
                                  '[torch.cuda.FloatTensor [128, 4, 2304]], which is output 0 of '
                                  'AddBackward0, is at version 2; expected version 1 instead.',
              'rg-anomaly': 'Finding the tensor that carries the graph over from the previous iteration: the '
                            'first batch trains and the second raises the backward-twice error, although '
                            'retain_graph=True is set. Can not create a new calculation graph after the '
                            'backward propagation: I backward propagate loss_dqn, loss_ddpg_actor and '
                            'loss_ddpg_critic in sequence and get Trying to backward through the graph a '
                            'second time; anomaly mode names the line where the tensor that carries the old '
                            'graph was computed. Each batch recomputes the loss and calls backward once, yet '
                            'Trying to backward through the graph a second time on the second batch, and '
                            'retain_graph=True makes it run (LibMTL, MMoE, multi-task learning, equal '
                            'weighting EW): list the tensors with a grad_fn that the model and trainer still '
                            'hold after backward.',
              'rg-error': 'The error you get when you call backward twice through the same graph.',
              'rg-gan': 'Training a GAN: the discriminator and the generator, retain_graph=True, and the '
                        "inplace error after the discriminator's step. CycleGAN, WGAN, DCGAN or pix2pix: "
                        "loss_G.backward() after loss_D.backward(), the generator's loss through the "
                        "discriminator's graph. Why is retain_graph needed here: "
                        'D_loss.backward(retain_graph=True), reusing the computational graph? GPU memory '
                        'explodes with retain_graph=True, and removing retain_graph makes the gradient '
                        'backpropagation fail. How does loss.backward() work when retain_graph=True is '
                        'specified? If there are two networks with two different graphs, why should I '
                        'specify retain_graph=True? In PyTorch Lightning: do multiple optimizer steps in one '
                        'training step, a GAN with a regularization loss; set self.automatic_optimization = '
                        'False and call self.manual_backward(loss) and opt.step() for each optimizer in '
                        'order. Questions about GAN training: in the official PyTorch Lightning examples GAN '
                        'training calls backward and the optimizer manually, but this repo (VideoVAEPlus, '
                        'VQGAN, taming-transformers, latent-diffusion) does not; is this a bug? '
                        'training_step with optimizer_idx, configure_optimizers returning two optimizers, '
                        'automatic optimization in Lightning 1.x. RuntimeError: Training with multiple '
                        'optimizers is only supported with manual optimization, remove the optimizer_idx '
                        'argument from training_step, set self.automatic_optimization = False.',
              'rg-gan-detach': 'Why fake.detach() when training the discriminator, and why no detach() when '
                               "training the generator? Is detach necessary if the optimizer only has D's "
                               "parameters? Does the generator's backward change the discriminator? Gradient "
                               'of the discriminator when optimizing the generator. When updating G we set '
                               'requires_grad(netD) to False: how do we backward through netD and update '
                               'netG? Use of detach in a GAN: why do fake_imgs have .detach() while '
                               "real_imgs don't? Why add detach() at all? While training the discriminator, "
                               "shouldn't the generator be frozen? Nothing in the code freezes the "
                               "generator's parameters: are they updated in the discriminator's step too? "
                               'Both discriminator losses use pred_fake with different targets: will they '
                               "confuse each other? Do the generator's and the discriminator's losses "
                               'interfere? GAN two losses with target True and False. manual_backward and '
                               '.backward() have different behaviour: with self.manual_backward(loss) the '
                               "generator's parameters have no gradient, reported as unused parameters; with "
                               'loss.backward() it works. PyTorch Lightning manual optimization, two '
                               'optimizers, on_after_backward, toggle_optimizer. manual_backward and '
                               ".backward() have different behaviour under DDP: Lightning prepares DDP's "
                               "reducer before each manual_backward, the generator's parameters are unused "
                               "in the discriminator's backward; strategy='ddp_find_unused_parameters_true', "
                               'TORCH_DISTRIBUTED_DEBUG=DETAIL.',
              'rg-guide': 'I get RuntimeError: Trying to backward through the graph a second time in my '
                          'training loop; which case is mine and how do I fix it without retain_graph=True? '
                          'The first batch works and the second fails. loss.backward() inside a PyTorch '
                          'Lightning training_step, which already calls backward. But retain_graph=True is '
                          'already in backward(): one_hot.backward(retain_graph=True) still raises Trying to '
                          'backward through the graph a second time, because an earlier backward without it '
                          'freed the graph. Trying to backward through the graph a second time when I use '
                          "gradient checkpoint: checkpointing is not the cause. Running the library's "
                          'official notebook unchanged (Unsloth Qwen3-VL GRPO, UnslothGRPOTrainer, '
                          'unsloth_compiled_cache), trainer.train() fails in accelerator.backward(loss) with '
                          'Trying to backward through the graph a second time: a bug of the library or of '
                          "its versions with transformers and trl; install the notebook's versions or update "
                          'the library, and report it. I have tried setting retain_graph=True but the error '
                          'does not go away. Gradient checkpointing works fine in a custom training loop, '
                          'but running it inside the Hugging Face Trainer causes trying to backward a second '
                          'time error: a tensor_parallel or other wrapper, gradient_checkpointing_kwargs '
                          'use_reentrant False. Backward twice only with several GPUs visible under '
                          'nn.DataParallel.',
              'rg-layerwise': 'Layer-wise training or deep supervision: a loss per block, frozen layers in '
                              'between, one summed backward trains earlier layers with later losses; detach '
                              "each block's input or backward with inputs= per block. retain_graph=True out "
                              'of memory when training intermediate layers independently: '
                              'output.backward(retain_graph=True) in a loop over the layers.',
              'rg-loop': 'Left on in a loop, retain_graph=True looks like a memory leak: GPU memory grows '
                         'with every iteration, and an out of memory error follows. Style transfer: the '
                         'features a forward hook (SaveFeatures) stored during an earlier forward pass are '
                         'used as the target in the next optimisation step: Trying to backward through the '
                         'graph a second time; detach the target or compute it under no_grad. The hooks were '
                         'removed (SaveFeatures.close(), handle.remove()) and never re-created, so the loss '
                         'reads stale features of the previous run whose buffers have already been freed: '
                         'reinitialize sfs, register the forward hooks again before each run. When I set '
                         'retain_graph=True, CUDA goes out of memory; retain_graph=True then out of memory.',
              'rg-prefix': 'This is the case of two optimizers with a shared encoder: two heads, two losses, '
                           'one encoder. When I run the model the error occurs at gen_loss.backward(): '
                           'Trying to backward through the graph a second time, but the buffers have already '
                           'been freed; the first backward already ran the shared layers. Step 1: update '
                           'module1 with loss1; step 2: update module2 with loss2, computed through '
                           "module1's output; the second backward fails, and adding retain_graph=True to "
                           "backward() did not help: detach module1's output before module2. Can I call "
                           'backward() on every loss first and then optimizer.step() for the discriminator, '
                           'classifier and generator? The order of backward and step with several '
                           'optimizers. Multi-stage (progressive) GAN joint training: joint_train calls '
                           'optimize_parameters for each stage, and backward_G '
                           'loss_total.backward(retain_graph=True) fails with one of the variables needed '
                           'for gradient computation has been modified by an inplace operation; the next '
                           "stage's backward reaches the previous stage's generator after its optimizer "
                           "step; detach the previous stage's output.",
              'rg-semantics': 'What does the parameter retain_graph mean in the backward() method of a '
                              'tensor (the old Variable)? What exactly does retain_variables=True in '
                              'loss.backward() do? It is the old name of retain_graph. Inquiry about '
                              'retain_graph=True in a training script: what is it for, and why is it '
                              'necessary? It keeps the saved tensors of the graph for another backward '
                              'through it, not the gradients.',
              'rg-two-losses': 'How to backpropagate two losses through a shared network: loss1.backward() '
                               'and loss2.backward(), or one backward of their sum. Is there a difference '
                               'between calling backward on errD_real and errD_fake separately and calling '
                               'backward once on their sum errD? The gradients are the same. Two losses from '
                               'one discriminator forward, such as the adversarial loss and the GDPP loss, '
                               'each with its own backward(): the second backward fails; add them and call '
                               'backward once. Why use retain_graph=True in G_loss backward? Is there any '
                               'difference between (style_loss + perceptual_loss + gan_G).backward() and '
                               'style_loss.backward(retain_graph=True) followed by (perceptual_loss + '
                               'gan_G).backward()? Adding the losses of two projectors and then calling '
                               'loss.backward(): does that optimize both parallel projectors at once by '
                               'gradient descent, and how is it different from calling loss.backward() for '
                               "each projector's loss in turn? Multiple loss backward: "
                               'a.backward(retain_graph=True) then b.backward(), and the memory used by CUDA '
                               'increases until out of memory. Where should loss.backward() go when there is '
                               'a loss for every frame or every time step: a backward for each frame with '
                               'retain_graph=True, or the losses of all frames summed and one backward? Both '
                               'give the same gradients; the sum needs one backward pass and no '
                               'retain_graph. In the paper the loss is the sum of the losses of 4 '
                               'iterations, and then backward; in the code, loss.backward() is called for '
                               'each iteration: are they the same? The gradients are equal; one backward of '
                               'the sum is cheaper. Why does the loss have to backward again after the '
                               "backward of each loss? Recording each loss's gradient with "
                               'torch.autograd.grad(loss_i, params, retain_graph=True) leaves .grad alone; a '
                               'backward per loss and then one of the sum adds the gradient twice. '
                               'loc_preds.backward(loc_grads) then cls_preds.backward(cls_grads): Specify '
                               'retain_graph=True when calling backward the first time; two non-scalar '
                               'outputs with their own gradients in one pass: '
                               'torch.autograd.backward([loc_preds, cls_preds], [loc_grads, cls_grads]) with '
                               'grad_tensors. Question about two times backward: as loss = '
                               'resource_loss.clone() + error_loss.clone(), why does the loss have to '
                               'backward again after the backward of resource_loss and error_loss? Why '
                               "critic1's update needs retain_graph=True in combo.py (COMBO, CQL, "
                               'OfflineRL-Kit)? critic1 and critic2 have a shared intermediate tensor: the '
                               "actor's actions, not detached; sample them under torch.no_grad(). CQL "
                               'lagrangian backward twice: RLlib cql config lagrangian=True raises Trying to '
                               "backward through the graph a second time; the Lagrange multiplier's loss "
                               '(cql_alpha_loss, alpha_prime_loss) only needs log_alpha, build it from the '
                               'detached constraint. TD3 loss mixes actor and critic grads: one vmap call '
                               'over stacked params (torch.stack, stack_module_state) joins actor and critic '
                               'into one graph; compute the two losses in separate calls.',
              'rg-two-step': 'SAM (sharpness-aware minimization) or another two-step optimizer: the second '
                             'backward reuses the first forward with retain_graph=True, first_step and '
                             'second_step, ascent step, perturbed weights. Adversarial training (FGM, PGD) '
                             'on the embedding: loss_adv built from the outputs of the first forward; the '
                             "Sophia optimizer's Hessian update with loss_sampled.backward(). "
                             'criterion(output, target).backward() # make sure to do a full forward pass: '
                             'Trying to backward through the graph a second time, but the saved intermediate '
                             'results have already been freed, in the second step of SAM.',
              'tc-alternatives': 'How to train with torch.compile when the loss needs a gradient of a '
                                 'gradient (a gradient penalty, create_graph=True): what works instead of '
                                 'double backward through a compiled model. Training with torch.compile '
                                 'cannot run backward twice through a gradient taken with create_graph=True '
                                 '(double backward): what works instead. Inductor-compiled code does not '
                                 'support double-backward gradients, as in force-matching training or a '
                                 'gradient penalty.',
              'tc-autograd-function': 'A custom torch.autograd.Function inside torch.compile: '
                                      'torch.compile() fails when an autograd.Function gets called; graph '
                                      'break when torch.compiling an autograd.Function (Unsupported method '
                                      'call, Dynamo does not know how to trace method __eq__, setup_context, '
                                      'Higher Order Operator: autograd.Function). Does Dynamo trace forward '
                                      'and backward; count graph breaks with torch._dynamo.explain; fix with '
                                      'torch.library.custom_op and register_autograd, or compile around the '
                                      'Function. autograd.Function graph breaks on operations on ctx attrs: '
                                      'Unsupported call_function BuiltinVariable(mul) '
                                      'GetAttrVariable(TensorVariable(), dim), InternalTorchDynamoError '
                                      'KeyError: example_value; trampoline_autograd_bwd, speculate_subgraph, '
                                      'GetAttrVariable(AutogradFunctionContextVariable(Function), '
                                      "saved_variables); 'saved_variables' is deprecated; use "
                                      "'saved_tensors'; Observed exception; run the Function eagerly first. "
                                      'torch.compile produces wrong gradient for custom autograd.Function '
                                      'when the same tensor is passed twice: the compiled version only '
                                      'returns half of the expected gradient (F.apply(x, x), Inductor, '
                                      '2.11).',
              'tc-ca-double': 'Double backward under compiled autograd '
                              '(torch._dynamo.config.compiled_autograd).',
              'tc-custom-backend': 'RuntimeError: function CompiledFunctionBackward returned an incorrect '
                                   'number of gradients (expected 3, got 2) with a custom torch.compile '
                                   'backend (aot_autograd fw_compiler, bw_compiler); the compiled backward '
                                   "graph's None outputs; make_boxed_func. CompiledFunctionBackward "
                                   'RuntimeError: Function CompiledFunctionBackward returned an invalid '
                                   'gradient at index 2 - got [253] but expected shape compatible with [1, '
                                   '253, 1, 1] with the default inductor backend: a compiler bug; narrow it '
                                   'with backend eager, aot_eager, inductor; '
                                   'TORCHINDUCTOR_MIX_ORDER_REDUCTION=0, torch.compiler.disable, the '
                                   'minifier TORCHDYNAMO_REPRO_AFTER. Custom backend not called for '
                                   'compiling backward graph: the custom backend is only invoked during '
                                   'forward graph compilation and not backwards; a backend gets the forward '
                                   'graph only; use aot_autograd(fw_compiler, bw_compiler) to see the '
                                   'backward graph.',
              'tc-double': 'A second derivative (double backward, autograd.grad with create_graph=True) '
                           'through torch.compile fails. Higher-order gradients under torch.compile: an '
                           'error, or silently wrong second-order results. torch.compile and higher-order '
                           'gradients: the output of autograd.grad(create_graph=True) through a compiled '
                           'model has a grad_fn, and differentiating it again (the higher-order grad graph) '
                           'fails. Will this support torch.compile to accelerate? A runtime error related to '
                           'double backward operations prevents training from working: a force field '
                           '(DeePMD-kit) computes forces as the gradient of the energy in forward, so '
                           'training with torch.compile is a double backward.',
              'tc-early-errors': 'torch.compile raises RuntimeError during gradient computation in the '
                                 "forward call: BackendCompilerFailed: backend='aot_eager' (or 'inductor') "
                                 'raised: one of the variables needed for gradient computation has been '
                                 'modified by an inplace operation; in-place LeakyReLU or ReLU(inplace=True) '
                                 'under torch.compile; why the compiled model fails before backward. '
                                 'torch.compile in training: the in-place error (one of the variables needed '
                                 'for gradient computation has been modified by an inplace operation), with '
                                 "anomaly detection's warning Error detected in ...Backward naming the "
                                 'forward line, while eager mode and compiled inference under no_grad run. '
                                 'torch.compile in training: scaler.scale(loss).backward() threw an error of '
                                 'in-place ops; the in-place error under torch.compile. [torch.compile in '
                                 'training] Error detected in LowmemDropoutBackward, which is not an inplace '
                                 'dropout: a node that inductor of 2023 put in place of dropout, not in your '
                                 "code; torch 2.13 has no such node. torch.compile(mode='reduce-overhead') "
                                 'in training fails with the in-place error while compiled inference works: '
                                 "try mode='max-autotune-no-cudagraphs' to see whether CUDA graphs are "
                                 'involved; clone outputs kept past the next call and call '
                                 'torch.compiler.cudagraph_mark_step_begin() at the start of each iteration.',
              'tc-gan-step': 'torch.compile frees computation graph in a GAN training setup and tries to '
                             'call backward a second time: a DCGAN training step compiled as one function '
                             "(the discriminator's backward on netD(fake.detach()), then the generator's "
                             'backward through netD(fake)) raises Trying to backward through the graph a '
                             'second time, while eager mode trains. Adversarial training with torch.compile: '
                             'compile netG and netD separately, not the whole train step.',
              'tc-graph-break': 'Graph breaks in torch.compile and what autograd sees of them; '
                                'loss.backward() in a training step compiled with fullgraph=True fails with '
                                'torch._dynamo.exc.Unsupported: Tensor.backward() call. torch.compile a '
                                'module that contains autograd within it: torch.autograd.grad inside the '
                                'compiled forward (an energy and its gradient, forces) fails with '
                                'Unsupported: skip function grad, or using torch.autograd.grad with '
                                'trace_autograd_ops=False. torch.compile and torch.autograd.backward or '
                                'loss.backward() called inside the compiled function: call backward outside '
                                'the compiled code. Higher peak memory with torch.compile when I fuse the '
                                'backward with the compiled forward and loss: loss.backward() inside a '
                                'compiled function is a graph break; call backward outside the compiled '
                                'code. compiled backward can re-enter contextvars.Context after graph break: '
                                'calling .backward() on a loss aggregated from multiple compiled outputs '
                                'fails intermittently with RuntimeError: cannot enter context: '
                                '<_contextvars.Context object at ...> is already entered (AOTAutograd, '
                                'Tensor.item() graph break, device copy).',
              'tc-module-backward-hook': 'Graph break when there is backward hook registered for sub module: '
                                         'torch.compile(model, fullgraph=True) fails with Unsupported: '
                                         'Module-level backwards hooks require compiled autograd, or '
                                         'call_method NNModuleVariable() _get_backward_hooks, for a '
                                         "register_full_backward_hook in a submodule's __init__. Drop "
                                         'fullgraph=True, or set torch._dynamo.config.compiled_autograd = '
                                         'True and call backward() inside the compiled step. Keep '
                                         'fullgraph=True with a module backward hook: compiled autograd, '
                                         'torch._dynamo.config.compiled_autograd = True fails with '
                                         'BackwardState requires CompiledAutograd; '
                                         'torch._dynamo.compiled_autograd._enable works.',
              'var-anomaly': 'torch.autograd.set_detect_anomaly(True): when I deleted this line of code, '
                             'training one epoch is faster; will it not affect the final result if I set it '
                             'to False? Very slow runtime caused by set_detect_anomaly(True). Anomaly '
                             'detection changes no value: the gradients are bitwise the same with it on and '
                             'off; it stores a forward traceback on every node and checks backward outputs '
                             'for NaN, raising instead of continuing; it prevents no NaN. Results (PSNR, '
                             'SSIM, reward) that differ between runs come from the seed and nondeterminism.',
              'var-assign-parameter': "TypeError: cannot assign 'torch.cuda.FloatTensor' as parameter "
                                      "'weight' (torch.nn.Parameter or None expected), when assigning a "
                                      'computed tensor to a parameter in forward (self.w = '
                                      'F.softmax(self.w)), weight drop, weight normalisation; cannot assign '
                                      "'torch.FloatTensor' object to parameter (torch.nn.Parameter or None "
                                      'required) from register_parameter; torch.nn.utils.parametrize. How to '
                                      "share weights between modules, tie the decoder's weight to the "
                                      "encoder's transposed weight (tied autoencoder, weight tying): "
                                      'nn.Parameter(encoder.weight.t()) is no sharing.',
              'var-data': 'Does modifying tensor.data affect the gradient? A change made through x.data '
                          'after the forward pass is invisible to autograd, and backward uses the saved '
                          'value as changed: with y = x ** 2 the gradient follows the new x, with no error. '
                          "Does changing tensor.data not affect the gradient? The book's example with y = "
                          'x**2 prints tensor([200.]).',
              'var-detach': 'What is the difference between .data and .detach()? Detaching a tensor from the '
                            "graph doesn't have effect: nn.Parameter(embedding.weight.T.detach()) still "
                            'requires grad and still trains; pass requires_grad=False or register a buffer. '
                            'Is the encoder still learning after feats.detach()? detach() returns a new '
                            'tensor and leaves feats itself in the graph; detach_() is the one that changes '
                            'the tensor in place. detach() returns a new tensor, separated from the '
                            'computation graph; how to use detach() and detach_(). A question about gradient '
                            'flow: noisy_image still carries information from x_, so the final prediction '
                            'still sends the diffusion loss back to the first UNet, but x_ is detached '
                            'afterwards: is that on purpose? detach() cuts only the path through the '
                            'detached copy. use detach_ to cut gradient propagation, but get a lower '
                            'accuracy: focal loss with pt = torch.pow(1 - probs, 0) and pt.detach_(); a '
                            'factor that is identically 1 leaves the gradient unchanged, detached or not, so '
                            'the accuracy gap is run-to-run variation. Should the (1-p)^gamma weight of '
                            'focal loss be detached?',
              'var-dp-replica': 'Multi-GPU training fails, one GPU works but is too slow: RuntimeError: '
                                'Expected all tensors to be on the same device, but found at least two '
                                'devices, cuda:1 and cuda:0! at x = (x - mean) / std under nn.DataParallel; '
                                'mean and std set in __init__ as tensors with .cuda() are not copied to the '
                                'replica on the second GPU; register_buffer fixes it. BatchNorm under '
                                'DataParallel: each GPU normalises its own part of the batch, so multi-GPU '
                                'training gives a lower mAP than one GPU; SyncBatchNorm with DDP.',
              'var-grad-modes': 'torch.no_grad vs torch.inference_mode vs torch.set_grad_enabled: the grad '
                                'modes that replaced volatile=True, and how they differ. What does with '
                                'torch.no_grad() do: a context manager that temporarily disables gradient '
                                'computation. Modules run under inference_mode instead of no_grad cause '
                                'problems later: autograd refuses to save inference tensors; use no_grad '
                                'where the outputs may meet a tensor that requires grad. Exporting to ONNX '
                                'or torch.export inside inference_mode works on 2.13; an example input made '
                                'under inference_mode and exported after it fails with Inference tensors '
                                'cannot be saved for backward: export under no_grad or pass a clone. Code '
                                'written for PyTorch 0.3 runs out of memory in 0.4 and later: Variable(x, '
                                'volatile=True) no longer does anything, so the test loop records a graph; '
                                'wrap it in with torch.no_grad(). A demo that can run in pytorch 0.3.0 but '
                                'is out of memory in pytorch 0.4.0. python demo_MNIST.py runs in pytorch '
                                '0.3.0 but is out of memory in pytorch 0.4.0: volatile=True is ignored since '
                                '0.4; wrap evaluation in torch.no_grad(). RuntimeError: element 0 of '
                                'variables tuple is volatile after x = Variable(torch.randn(5, 5), '
                                'volatile=True) and loss.backward(): backpropagation through a volatile '
                                'variable in PyTorch 0.3. RuntimeError: volatile can only be set on leaf '
                                'variables (PyTorch 0.2, .volatile = False on a gradient saved by a hook, '
                                'decoupled neural interfaces, synthetic gradients): drop the line; make the '
                                'new leaf with detach().requires_grad_().',
              'var-hooks-vmap': 'Vmap and backward hook problem: a hook saves the gradient of an '
                                'intermediate layer for each image; with a for loop I get 5000 gradients, '
                                'with vmap(grad(...)) only 40, one per batch. A tensor hook under '
                                'torch.func.vmap runs once per call, and the tensor it keeps has escaped '
                                'from inside a function being vmapped. vmap fails if your model includes '
                                'full_backward_hook (register_full_backward_hook): it must override the '
                                'setup_context staticmethod. Per-sample gradient of an intermediate '
                                'activation with torch.func.grad with respect to a zero probe added to the '
                                "output. Backward hooks aren't called when using vmap. torch.func.grad with "
                                'respect to intermediate functions: dy/dA where A is a feature map, an '
                                "intermediate output of the model. Backward hooks aren't called when using "
                                'vmap: what I need is the gradient of the output of a module, per sample, '
                                'for every layer; one zero probe per layer added in a forward hook, grad '
                                'over a dict of probes.',
              'var-library-no-grad': 'Question about implementing a PINN with torch: u_t = '
                                     'torch.autograd.grad(u, t, grad_outputs=torch.ones_like(u), '
                                     'create_graph=True)[0] raises RuntimeError: element 0 of tensors does '
                                     'not require grad and does not have a grad_fn when a '
                                     'Levenberg-Marquardt library (torch-levenberg-marquardt) trains the '
                                     'model under torch.no_grad with jacrev and vmap; compute the derivative '
                                     'with torch.func.grad.',
              'var-module-tensors': 'register_buffer vs nn.Parameter vs a plain tensor attribute: a tensor '
                                    'created in __init__ is not moved by model.to(device) or model.cuda(), '
                                    'RuntimeError: Expected all tensors to be on the same device, but found '
                                    'at least two devices, cuda:0 and cpu! A parameter missing from '
                                    'model.parameters() and state_dict(): nn.Parameter(...).to(device) or '
                                    '.cuda() in __init__ is not registered; nn.Parameter(x * 2) gets no '
                                    'gradient to x; copy pretrained weights into a parameter with copy_ '
                                    'under no_grad or load_state_dict. The difference between '
                                    'register_parameter with requires_grad=False and register_buffer. A '
                                    'custom parameter that should not be updated during training: keep it as '
                                    'a buffer, or as a parameter with requires_grad=False. Custom parameters '
                                    'in a PyTorch model that should not change during training: ways to keep '
                                    'a custom parameter from updating, such as requires_grad=False or a '
                                    "buffer. self.scale = torch.exp(nn.Parameter(...)) in a module's "
                                    '__init__: the nn.Parameter object is not collected, only the exp result '
                                    'is kept, unchanged despite the training, and the second iteration '
                                    'raises Trying to backward through the graph a second time; keep the '
                                    'Parameter as the attribute and compute exp in forward. A matrix updated '
                                    'under torch.no_grad() as nn.Parameter(torch.zeros(197, 192).cuda(), '
                                    'requires_grad=False), torch.zeros(197, 192).cuda() or register_buffer: '
                                    '1 and 3 are the same performance, but 2 is different; register_buffer '
                                    'performs worse. The plain tensor is not in state_dict(), so a '
                                    'checkpoint restores it to its initial value; DataParallel copies '
                                    'parameters and buffers to every GPU and shares a plain attribute. '
                                    'RuntimeError: Only Tensors of floating point and complex dtype can '
                                    'require gradients when loading a quantized int4 or int8 model '
                                    '(chatglm-6b-int4) at startup: nn.Parameter on an integer tensor; use '
                                    'requires_grad=False or a buffer.',
              'var-node-hooks': 'register_post_accumulate_grad_hook naming/documentation conflicts with '
                                'register_hook, leading to semantic misinterpretation of hook argument and '
                                'silent training bugs: the hook receives the parameter, not the gradient. '
                                'RuntimeError: Tensor post accumulate grad hooks should return None. A hook '
                                'that casts, offloads or all-reduces its argument changes the weight; use '
                                'param.grad. Hooks on graph nodes: grad_fn.register_hook, register_prehook.',
              'var-register-hook': 'Strange behavior using register_hook: hooks on the two branches of a '
                                   "residual sum get the same gradient as the output. Inside a parameter's "
                                   'register_hook, param.grad is not updated yet (LOMO fused update); '
                                   'register_post_accumulate_grad_hook. Why the hook function needs one '
                                   "extra step: the current layer's gradient is not shown on the model "
                                   'inside the hook. Use a hook function to get intermediate variables: the '
                                   'gradient of a non-leaf node. A hook registered with register_hook on an '
                                   "intermediate variable receives that variable's gradient during backward, "
                                   'although .grad keeps gradients only for leaf variables. '
                                   'register_hook-modified gradient cannot be applied to optimizer: the '
                                   'optimizer always updates with the original gradient, not the one after '
                                   'register_hook()? The hook changed .grad; Adam ignores a constant scale '
                                   'of the gradient, SGD does not. Question about backward hook: the meaning '
                                   'of new_grad = torch.ones_like(grad) in _backward_hook(self, grad), '
                                   "return new_grad: the hook's return value replaces the gradient that "
                                   'flows on. Backward hook modified arguments given to the hook in-place: '
                                   'is there a reason behind in-place modification instead of returning new '
                                   'values from the hook? Return a new gradient; grad.mul_ in a hook changes '
                                   'what another branch receives. register_full_backward_hook should not '
                                   'modify its arguments: return a new grad_input tuple; store grad_output '
                                   'with detach().clone(). Hook on input tensor not called when using '
                                   'autograd.grad(): a hook registered with register_hook on the input runs '
                                   'under torch.autograd.grad since torch 2.0, and its return value replaces '
                                   'the gradient grad() returns; register_post_accumulate_grad_hook and '
                                   'hooks on AccumulateGrad do not run under autograd.grad.',
              'var-requires-grad': 'Parameters freeze invalid: requires_grad=False is overwritten by a later '
                                   'loop that sets requires_grad=True on every parameter, so frozen layers '
                                   'still train. Check which parameters require grad right before building '
                                   'the optimizer; requires_grad can only be changed on leaf tensors. Error '
                                   'freezing weights: module.weight.requires_grad = False raises you can '
                                   'only change requires_grad flags of leaf variables although the weight '
                                   'seems to be a leaf: weight_norm or parametrizations make weight a '
                                   'computed tensor, and FSDP or FlattenParamsWrapper make it a view of a '
                                   'flat parameter; freeze module.parameters() with '
                                   'module.requires_grad_(False). _freeze_stages sets param.requires_grad = '
                                   'False for the first stages: should it be True there, or am I '
                                   'misunderstanding? False is the freeze: the last assignment to the flag '
                                   'wins.',
              'var-retain-grad': "The .grad of a layer's output or of another intermediate tensor is None "
                                 'after backward: call retain_grad() on it before backward(). RuntimeError: '
                                 "can't retain_grad on Tensor that has requires_grad=False: the tensor is "
                                 'not part of a graph (made from .data or detach(), computed under no_grad, '
                                 'or only from tensors that do not require grad). How is the grad '
                                 "transferred between layers? A layer's output.grad is None while the "
                                 "input's grad is filled. requires_grad cannot be set to True for non-leaf "
                                 'nodes, but retain_grad needs requires_grad to be True.',
              'var-today': 'Is torch.autograd.Variable deprecated, and is it still needed? The Variable API '
                           'has been deprecated: Variable() returns a Tensor in new versions of torch. '
                           'Difference between Variable and Tensor. Difference between Variable and tensor: '
                           "Variable objects have more attributes. What does 'just remove Variable' mean "
                           'when porting code to PyTorch 1.0 and later? Variable(t) returns a plain tensor '
                           "that shares t's memory, so the wrapper can be dropped. Variable has a problem in "
                           'the new version: variable = variable(tensor, requires_grad=True) raises '
                           "NameError: name 'variable' is not defined; Variable is still there, write it "
                           'with a capital V and import it. Built from source (0.4), '
                           'Variable(torch.Tensor(3, 4)) prints a Tensor, not a Variable: why? Tensor and '
                           'Variable are merged. Old notes say that operations in PyTorch are done on '
                           'Variables: today Variable() returns a plain tensor, and tensors record the '
                           'history themselves. What is produced inside with torch.no_grad has no '
                           'requires_grad; detach keeps the content but requires_grad becomes False; old '
                           'notes say every operation in PyTorch works at the Variable level, but '
                           'Variable(t) returns a plain tensor today.'},
 'sections': {'en': {'amp-grad-dtype': ['nan_amp', 'Gradients are `float32` under `autocast`: expected'],
                     'cf-backward-in-backward': ['custom_function',
                                                 'Calling `autograd.grad` inside `backward`: recomputation '
                                                 'and reversible networks'],
                     'cf-ctx-attribute': ['custom_function',
                                          '"Why does my second backward run?": tensors kept on `ctx`'],
                     'cf-errors': ['custom_function', "When a custom Function's `backward` is rejected"],
                     'cf-func': ['custom_function', '`torch.func`: `setup_context`, and `vmap` rules'],
                     'cf-gradcheck': ['custom_function',
                                      '`gradcheck` fails: `Jacobian mismatch` in `float32`, or at a kink'],
                     'cf-mark-dirty': ['custom_function', 'In-place Functions: `mark_dirty`'],
                     'cf-materialize': ['custom_function', 'Unused outputs: `set_materialize_grads`'],
                     'cf-need-function': ['custom_function',
                                          'Do you need a custom Function? `backward` left out'],
                     'cf-non-differentiable': ['custom_function',
                                               'Outputs that have no gradient: `mark_non_differentiable`'],
                     'cf-once': ['custom_function',
                                 '`once_differentiable`: say so when `backward` is not differentiable'],
                     'cf-save-non-tensor': ['custom_function',
                                            '`save_for_backward can only save variables`: where non-tensors '
                                            'go'],
                     'cf-view-output-inplace': ['custom_function',
                                                '`This view was created inside a custom Function`: an '
                                                'in-place change of its output'],
                     'cf-what-to-save': ['custom_function',
                                         '"It passes gradcheck, but my gradient penalty is wrong": input, '
                                         'output or intermediate'],
                     'cg-attention': ['create_graph',
                                      'Attention layers: `_scaled_dot_product_..._attention_backward` is not '
                                      'implemented'],
                     'cg-custom': ['custom_function',
                                   'A custom `autograd.Function` that is not twice differentiable'],
                     'cg-cycle': ['create_graph', 'The reference cycle'],
                     'cg-grad-vs-backward': ['create_graph',
                                             '`torch.autograd.grad` or `backward(create_graph=True)`?'],
                     'cg-gradient-penalty': ['create_graph', 'A gradient penalty (WGAN-GP)'],
                     'cg-hvp': ['create_graph', 'Hessian-vector products and full Hessians'],
                     'cg-inplace': ['create_graph', 'In-place updates break double backward'],
                     'cg-no-grad': ['create_graph', '`create_graph=True` inside `torch.no_grad()`'],
                     'cg-not-require': ['create_graph',
                                        '"One of the differentiated Tensors does not require grad": frozen '
                                        'parameters'],
                     'cg-per-sample': ['create_graph', 'Per-sample gradients: `vmap` over `torch.func.grad`'],
                     'cg-retain': ['create_graph', 'Why `retain_graph` defaults to `create_graph`'],
                     'cg-unused': ['create_graph',
                                   'Inputs the gradient does not depend on: `allow_unused`, '
                                   '`materialize_grads`'],
                     'cg-what': ['create_graph', 'What `create_graph=True` records'],
                     'dbg-amp-no-inf': ['nan_amp',
                                        '`No inf checks were recorded for this optimizer`: the scaler found '
                                        'no gradient'],
                     'dbg-amp-scaler': ['nan_amp',
                                        '`GradScaler` errors: FP16 gradients, `unscale_()` twice, a step '
                                        'taken twice'],
                     'dbg-amp-several': ['nan_amp',
                                         'Several losses and optimizers with one `GradScaler`: `update()` '
                                         'once'],
                     'dbg-anomaly-nan': ['nan_amp',
                                         "`Function 'PowBackward1' returned nan values in its 1th output`"],
                     'dbg-closure-no-grad': ['debugging',
                                             '`element 0 of tensors does not require grad` inside '
                                             '`optimizer.step(closure)`'],
                     'dbg-history': ['debugging',
                                     "When the bug was PyTorch's: answers that depend on the release"],
                     'dbg-inference-tensors': ['debugging',
                                               '`Inference tensors cannot be saved for backward` in a '
                                               'training step'],
                     'dbg-jit-hooks': ['debugging',
                                       'Backward hooks and TorchScript: `is not supported on ScriptModules`'],
                     'dbg-module-hooks': ['debugging',
                                          'Module hooks: a backward hook that never fires, or sees the wrong '
                                          'tensors'],
                     'dbg-numpy': ['debugging', "`Can't call numpy() on Tensor that requires grad`"],
                     'ddp-anomaly-dtensor': ['distributed',
                                             'Anomaly mode under tensor parallelism: `aten._is_any_true` has '
                                             'no sharding strategy'],
                     'ddp-buffers-inplace': ['distributed',
                                             'The in-place error only under DDP: buffers broadcast before '
                                             'each forward'],
                     'ddp-dataparallel-grad': ['distributed',
                                               '`nn.DataParallel` and `autograd.grad`: the returned tensor '
                                               'is a copy'],
                     'ddp-dataparallel-replica-grad': ['distributed',
                                                       '`backward()` inside `forward` or inside a custom '
                                                       'Function under `nn.DataParallel`'],
                     'ddp-deepspeed-engine': ['distributed',
                                              "Under DeepSpeed: the engine's backward, its hooks and its "
                                              'placeholders'],
                     'ddp-grad-strides': ['distributed',
                                          '`Grad strides do not match bucket view strides`: a warning about '
                                          'speed'],
                     'ddp-param-grad': ['distributed',
                                        'A penalty on the parameter gradients: it runs, with local '
                                        'gradients'],
                     'ddp-ready-twice': ['distributed', '`Expected to mark a variable ready only once`'],
                     'ddp-sharded-grad': ['distributed', '`param.grad` is None under FSDP or DeepSpeed ZeRO'],
                     'ddp-unused': ['distributed',
                                    '`Expected to have finished reduction in the prior iteration`'],
                     'ddp-unused-warning': ['distributed',
                                            'The reverse: "`find_unused_parameters=True` was specified ... '
                                            'but did not find any unused parameters"'],
                     'gb-batchnorm': ['graph_basics',
                                      "BatchNorm in the graph: the batch's mean and variance are "
                                      'differentiated, the running statistics are not'],
                     'grad-amp': ['gradients',
                                  'Mixed precision: `GradScaler`, clipping, skipped steps and gradient '
                                  'penalties'],
                     'grad-clip': ['gradients', '`clip_grad_norm_` returns `inf` or `nan`'],
                     'grad-forward-missing': ['gradients',
                                              '"Trying to use forward AD with ... that does not support it": '
                                              '`jvp`, `jacfwd` and `hessian`'],
                     'grad-func-errors': ['gradients', 'Errors inside `torch.func.vmap` and `grad`'],
                     'grad-gradient-arg': ['gradients',
                                           '"Mismatch in shape" from `backward(gradient)`, and complex '
                                           'losses'],
                     'grad-input': ['gradients',
                                    'The gradient with respect to the input: saliency maps and adversarial '
                                    'examples'],
                     'grad-nondiff': ['gradients',
                                      '`argmax`, `round`, a threshold: no gradient, or a zero one'],
                     'grad-not-implemented': ['gradients', '"derivative for ... is not implemented"'],
                     'grad-overlap': ['gradients',
                                      'In-place on an expanded tensor: "more than one element ... refers to '
                                      'a single memory location"'],
                     'int-accumulator': ['internals',
                                         'Why a leaf has no `grad_fn`, but has an `AccumulateGrad`'],
                     'int-freed': ['internals', 'What "freed" means at this level'],
                     'int-leaf-moved': ['internals',
                                        '`leaf variable has been moved into the graph interior`'],
                     'int-saved': ['internals', '`SavedVariable`: what a node keeps'],
                     'mem-allocator': ['memory_growth', 'Allocated and reserved: the caching allocator'],
                     'mem-ckpt-grad': ['saved_memory',
                                       'A checkpointed function that takes a gradient, and a checkpointed '
                                       'critic'],
                     'mem-ckpt-metadata': ['saved_memory',
                                           '`CheckpointError`: the recomputation computed something else'],
                     'mem-ckpt-per-sample': ['memory_growth', 'Per-sample gradients of a checkpointed model'],
                     'mem-ckpt-reentrant': ['saved_memory',
                                            'Reentrant checkpoint: inputs that do not require grad'],
                     'mem-gc': ['memory_growth', 'Memory that only the garbage collector frees'],
                     'mem-oom': ['memory_growth',
                                 'Out of memory: what grows, what does not, and what holds it'],
                     'mem-oom-batch-one': ['memory_growth', 'Out of memory at batch size 1'],
                     'mem-per-layer': ['saved_memory', 'What each layer saves'],
                     'mem-retain': ['saved_memory', '`retain_graph=True` with each tool'],
                     'mem-second-step': ['memory_growth',
                                         'The first step fits, the second runs out of memory'],
                     'mem-val-oom': ['memory_growth', 'Training fits, validation runs out of memory'],
                     'mem-what-grows': ['memory_growth', 'What grows and what does not'],
                     'pit-data-index': ['pitfalls', '`loss.data[0]` on a 0-dim tensor'],
                     'pit-data-parallel-loss': ['pitfalls',
                                                'Only with several GPUs: `nn.DataParallel` returns one loss '
                                                'per GPU'],
                     'pit-deepcopy-graph': ['training_loops',
                                            '`deepcopy` of a model: `Only Tensors created explicitly by the '
                                            'user (graph leaves) support the deepcopy protocol`'],
                     'pit-embedding-max-norm': ['pitfalls',
                                                '`nn.Embedding(max_norm=...)` renormalises its weight in '
                                                'place'],
                     'pit-empty-params': ['training_loops', '`optimizer got an empty parameter list`'],
                     'pit-grad-none': ['pitfalls', '`.grad` is `None`: every cause in one place'],
                     'pit-grad-none-zero': ['pitfalls',
                                            "`'NoneType' object has no attribute 'zero_'`: zeroing a "
                                            'gradient that does not exist yet'],
                     'pit-hidden-state': ['training_loops',
                                          'A recurrent hidden state carried across iterations'],
                     'pit-inplace-decode': ['pitfalls',
                                            'Reading the in-place error: which tensor, changed by what'],
                     'pit-inplace-layers': ['pitfalls',
                                            'In-place layers: which neighbour makes `inplace=True` fail'],
                     'pit-inplace-saved': ['pitfalls',
                                           'An in-place operation on a tensor saved for backward'],
                     'pit-leaf-device': ['pitfalls',
                                         'Moving a tensor after `requires_grad=True` makes it a non-leaf'],
                     'pit-leaf-inplace': ['pitfalls',
                                          '`a leaf Variable that requires grad is being used in an in-place '
                                          'operation`'],
                     'pit-leaf-out': ['pitfalls',
                                      "`functions with out=... arguments don't support automatic "
                                      'differentiation`'],
                     'pit-loss-dtype': ['training_loops',
                                        "`Found dtype Long but expected Float`: the target's dtype"],
                     'pit-loss-number': ['pitfalls', "`'int' object has no attribute 'backward'`"],
                     'pit-module-state': ['training_loops',
                                          'State kept inside a module: spiking neurons and other stateful '
                                          'layers'],
                     'pit-no-grad-fn': ['pitfalls',
                                        '`element 0 of tensors does not require grad and does not have a '
                                        'grad_fn`'],
                     'pit-non-leaf-grad': ['pitfalls', 'Reading `.grad` of a non-leaf tensor'],
                     'pit-non-scalar': ['pitfalls', '`backward()` on a tensor that is not a scalar'],
                     'pit-resize-requires-grad': ['pitfalls',
                                                  '`cannot resize variables that require grad`: a buffer '
                                                  'that collected outputs'],
                     'pit-retain-graph': ['pitfalls', '`retain_graph=True` added to silence the error'],
                     'pit-rollout-graph': ['training_loops',
                                           'Reinforcement learning: rollout tensors reused in the update '
                                           '(PPO epochs, stored log-probabilities)'],
                     'pit-running-loss': ['training_loops',
                                          "`running_loss += loss` keeps every iteration's graph alive"],
                     'pit-step-between-backwards': ['training_loops',
                                                    'An optimizer step between two backward passes through '
                                                    'the same graph'],
                     'pit-step-two-models': ['training_loops',
                                             'Two models updated in turn: actor-critic and friends'],
                     'pit-target-outside-loop': ['training_loops',
                                                 'A target computed once, outside the loop'],
                     'pit-teacher': ['training_loops',
                                     'A teacher that must not learn: distillation, EMA teachers, momentum '
                                     'encoders'],
                     'pit-validation-backward': ['training_loops',
                                                 '`backward()` in a validation step, or in eval mode'],
                     'pit-view-inplace': ['pitfalls',
                                          '`Output 0 of SplitBackward0 is a view and is being modified '
                                          'inplace`'],
                     'rg-anomaly': ['retain_graph', 'Finding the tensor that carries the graph over'],
                     'rg-error': ['retain_graph', 'The error, reproduced'],
                     'rg-gan': ['retain_graph', 'GAN training: the pattern that no longer runs'],
                     'rg-gan-detach': ['retain_graph', 'Where `detach()` goes in a GAN, and why'],
                     'rg-guide': ['retain_graph', 'Decision guide: you got this error; which case are you?'],
                     'rg-layerwise': ['retain_graph', 'Layer-wise losses with frozen layers between them'],
                     'rg-loop': ['retain_graph', '`retain_graph=True` left on in a loop'],
                     'rg-prefix': ['retain_graph', 'Two optimizers over a shared prefix'],
                     'rg-semantics': ['retain_graph', 'What `retain_graph` does, exactly'],
                     'rg-two-losses': ['retain_graph', 'Two losses over one graph'],
                     'rg-two-step': ['retain_graph',
                                     'Two-step optimizers (SAM): a second forward, not a retained graph'],
                     'rg-wordings': ['retain_graph', 'The older wordings you may have pasted'],
                     'tc-alternatives': ['torch_compile', 'What works instead'],
                     'tc-autograd-function': ['torch_compile',
                                              'Your own `autograd.Function` in a compiled region'],
                     'tc-ca-double': ['torch_compile', 'Compiled autograd'],
                     'tc-custom-backend': ['torch_compile',
                                           'A custom backend: "CompiledFunctionBackward returned an '
                                           'incorrect number of gradients"'],
                     'tc-donated': ['torch_compile', '`retain_graph=True` and donated buffers'],
                     'tc-double': ['torch_compile', 'Double backward: the error'],
                     'tc-early-errors': ['torch_compile',
                                         'An error of the backward, raised by the compiled forward'],
                     'tc-gan-step': ['torch_compile', 'A GAN step compiled as one function'],
                     'tc-graph-break': ['torch_compile', 'Graph breaks put ordinary nodes back'],
                     'tc-module-backward-hook': ['torch_compile',
                                                 "A module's backward hook under `fullgraph=True`"],
                     'tc-twice': ['torch_compile', 'A second backward through a compiled region'],
                     'var-anomaly': ['variable', 'Anomaly detection'],
                     'var-assign-parameter': ['variable',
                                              "`cannot assign 'torch.FloatTensor' as parameter 'weight'`"],
                     'var-data': ['variable', '`data`: the wrapped tensor, and why not to use it'],
                     'var-detach': ['variable', '`detach`, `detach_` and `.data`'],
                     'var-dp-replica': ['variable', 'Under `nn.DataParallel`: `cuda:1 and cuda:0`'],
                     'var-grad-modes': ['variable', 'The grad modes that replaced `volatile`'],
                     'var-history': ['variable', 'The history in one table'],
                     'var-hooks-vmap': ['variable',
                                        'Hooks under `vmap` and `torch.func.grad`: one call per batch, or an '
                                        'error'],
                     'var-library-no-grad': ['variable',
                                             '`torch.autograd.grad` inside `forward`, under a library that '
                                             'runs the model'],
                     'var-module-tensors': ['variable',
                                            'Inside a module: parameters, buffers and plain tensors'],
                     'var-node-hooks': ['variable', 'Hooks on graph nodes'],
                     'var-old-class': ['variable', 'The 0.3 class in brief'],
                     'var-register-hook': ['variable', '`register_hook`'],
                     'var-reinforce': ['variable', '`reinforce`: removed, with a recipe in the error'],
                     'var-requires-grad': ['variable', '`requires_grad`'],
                     'var-retain-grad': ['variable', '`retain_grad`'],
                     'var-saved-hooks': ['variable', 'Saved-tensor hooks'],
                     'var-today': ['variable', '`torch.autograd.Variable` today'],
                     'var-version': ['variable', 'Version counters and the in-place check']},
              'zh-hans': {'amp-grad-dtype': ['nan_amp', '`autocast` 下的梯度是 `float32`：本来就该如此'],
                          'cf-backward-in-backward': ['custom_function',
                                                      '在 `backward` 中调用 `autograd.grad`：重新计算与可逆网络'],
                          'cf-ctx-attribute': ['custom_function', '“为什么第二次反向传播还能运行？”：存在 `ctx` 上的张量'],
                          'cf-errors': ['custom_function', '自动求导拒绝自定义 Function 的 `backward` 时'],
                          'cf-func': ['custom_function', '`torch.func`：`setup_context` 与 `vmap` 规则'],
                          'cf-gradcheck': ['custom_function',
                                           '`gradcheck` 报错：`float32` 下的 `Jacobian mismatch`，或测试点落在不可导点上'],
                          'cf-mark-dirty': ['custom_function', '原地修改输入的 Function：`mark_dirty`'],
                          'cf-materialize': ['custom_function', '没用到的输出：`set_materialize_grads`'],
                          'cf-need-function': ['custom_function', '真的需要自定义 Function 吗？少了 `backward`'],
                          'cf-non-differentiable': ['custom_function', '没有梯度的输出：`mark_non_differentiable`'],
                          'cf-once': ['custom_function', '`once_differentiable`：`backward` 不可求导时，要明确声明'],
                          'cf-save-non-tensor': ['custom_function',
                                                 '`save_for_backward can only save variables`：非张量该放哪里'],
                          'cf-view-output-inplace': ['custom_function',
                                                     '`This view was created inside a custom '
                                                     'Function`：原地改动它的输出'],
                          'cf-what-to-save': ['custom_function', '“能通过 gradcheck，梯度惩罚却算错了”：保存输入、输出还是中间结果'],
                          'cg-attention': ['create_graph',
                                           '注意力层：`_scaled_dot_product_..._attention_backward` 没有实现导数'],
                          'cg-custom': ['custom_function', '不能二次求导的自定义 `autograd.Function`'],
                          'cg-cycle': ['create_graph', '循环引用'],
                          'cg-grad-vs-backward': ['create_graph',
                                                  '用 `torch.autograd.grad` 还是 '
                                                  '`backward(create_graph=True)`？'],
                          'cg-gradient-penalty': ['create_graph', '梯度惩罚（WGAN-GP）'],
                          'cg-hvp': ['create_graph', 'Hessian 向量积与完整的 Hessian 矩阵'],
                          'cg-inplace': ['create_graph', '原地更新会破坏双重反向传播'],
                          'cg-no-grad': ['create_graph', '在 `torch.no_grad()` 中使用 `create_graph=True`'],
                          'cg-not-require': ['create_graph',
                                             '“One of the differentiated Tensors does not require '
                                             'grad”：冻结的参数'],
                          'cg-per-sample': ['create_graph', '逐样本梯度：用 `vmap` 包住 `torch.func.grad`'],
                          'cg-retain': ['create_graph', '为什么 `retain_graph` 默认等于 `create_graph`'],
                          'cg-unused': ['create_graph', '梯度不依赖的输入：`allow_unused`、`materialize_grads`'],
                          'cg-what': ['create_graph', '`create_graph=True` 记录了什么'],
                          'dbg-amp-no-inf': ['nan_amp',
                                             '`No inf checks were recorded for this optimizer`：缩放器找不到任何梯度'],
                          'dbg-amp-scaler': ['nan_amp', '`GradScaler` 的报错：FP16 梯度、两次 `unscale_()`、同一步执行两次'],
                          'dbg-amp-several': ['nan_amp', '一个 `GradScaler` 搭配多个损失和优化器：`update()` 只调用一次'],
                          'dbg-anomaly-nan': ['nan_amp',
                                              "`Function 'PowBackward1' returned nan values in its 1th "
                                              'output`'],
                          'dbg-closure-no-grad': ['debugging',
                                                  '`optimizer.step(closure)` 里出现 `element 0 of tensors does '
                                                  'not require grad`'],
                          'dbg-history': ['debugging', '错在 PyTorch 本身：答案取决于版本'],
                          'dbg-inference-tensors': ['debugging',
                                                    '训练步骤报错 `Inference tensors cannot be saved for '
                                                    'backward`'],
                          'dbg-jit-hooks': ['debugging',
                                            '反向钩子与 TorchScript：`is not supported on ScriptModules`'],
                          'dbg-module-hooks': ['debugging', '模块钩子：从不执行、或者拿到错误张量的反向钩子'],
                          'dbg-numpy': ['debugging', "`Can't call numpy() on Tensor that requires grad`"],
                          'ddp-anomaly-dtensor': ['distributed', '张量并行下的异常检测模式：`aten._is_any_true` 没有切分策略'],
                          'ddp-buffers-inplace': ['distributed', '只在 DDP 下出现的原地操作报错：每次前向传播前都会广播缓冲区'],
                          'ddp-dataparallel-grad': ['distributed',
                                                    '`nn.DataParallel` 与 `autograd.grad`：返回的张量是副本'],
                          'ddp-dataparallel-replica-grad': ['distributed',
                                                            '`nn.DataParallel` 之下：在 `forward` 或自定义 Function '
                                                            '里调用 `backward()`'],
                          'ddp-deepspeed-engine': ['distributed', '在 DeepSpeed 下：引擎的 backward、它的钩子和占位张量'],
                          'ddp-grad-strides': ['distributed',
                                               '`Grad strides do not match bucket view strides`：一个关于速度的警告'],
                          'ddp-param-grad': ['distributed', '对参数梯度的惩罚：能运行，但用的是本地梯度'],
                          'ddp-ready-twice': ['distributed', '`Expected to mark a variable ready only once`'],
                          'ddp-sharded-grad': ['distributed',
                                               '在 FSDP 或 DeepSpeed ZeRO 下，`param.grad` 是 None'],
                          'ddp-unused': ['distributed',
                                         '`Expected to have finished reduction in the prior iteration`'],
                          'ddp-unused-warning': ['distributed',
                                                 '反过来的情况：“`find_unused_parameters=True` was specified ... '
                                                 'but did not find any unused parameters”'],
                          'gb-batchnorm': ['graph_basics', '计算图里的 BatchNorm：批量的均值和方差参与求导，滑动统计量不参与'],
                          'grad-amp': ['gradients', '混合精度：`GradScaler`、梯度裁剪、跳过的步骤和梯度惩罚'],
                          'grad-clip': ['gradients', '`clip_grad_norm_` 返回 `inf` 或 `nan`'],
                          'grad-forward-missing': ['gradients',
                                                   '“Trying to use forward AD with ... that does not support '
                                                   'it”：`jvp`、`jacfwd` 和 `hessian`'],
                          'grad-func-errors': ['gradients', '`torch.func.vmap` 和 `grad` 里的错误'],
                          'grad-gradient-arg': ['gradients',
                                                '`backward(gradient)` 的“Mismatch in shape”，以及复数损失'],
                          'grad-input': ['gradients', '对输入求梯度：显著图和对抗样本'],
                          'grad-nondiff': ['gradients', '`argmax`、`round`、阈值：没有梯度，或者梯度为零'],
                          'grad-not-implemented': ['gradients', '“derivative for ... is not implemented”'],
                          'grad-overlap': ['gradients',
                                           '对 expand 出来的张量做原地操作：“more than one element ... refers to a '
                                           'single memory location”'],
                          'int-accumulator': ['internals', '为什么叶子张量没有 `grad_fn`，却有 `AccumulateGrad`'],
                          'int-freed': ['internals', '在这个层面上，“释放”指什么'],
                          'int-leaf-moved': ['internals',
                                             '`leaf variable has been moved into the graph interior`'],
                          'int-saved': ['internals', '`SavedVariable`：节点保留了什么'],
                          'mem-allocator': ['memory_growth', '已分配与预留：缓存分配器'],
                          'mem-ckpt-grad': ['saved_memory', '检查点包住的函数自己求梯度，以及对判别器做检查点'],
                          'mem-ckpt-metadata': ['saved_memory', '`CheckpointError`：重新计算算出了别的东西'],
                          'mem-ckpt-per-sample': ['memory_growth', '对使用检查点的模型计算逐样本梯度'],
                          'mem-ckpt-reentrant': ['saved_memory', '可重入检查点：不需要梯度的输入'],
                          'mem-gc': ['memory_growth', '只有垃圾回收器才能释放的内存'],
                          'mem-oom': ['memory_growth', '内存不足：什么在增长，什么不增长，谁占着内存'],
                          'mem-oom-batch-one': ['memory_growth', '批量大小为 1 也显存不足'],
                          'mem-per-layer': ['saved_memory', '每一层保存了什么'],
                          'mem-retain': ['saved_memory', '每种工具与 `retain_graph=True`'],
                          'mem-second-step': ['memory_growth', '第一步放得下，第二步却显存不足'],
                          'mem-val-oom': ['memory_growth', '训练跑得动，验证却显存不足'],
                          'mem-what-grows': ['memory_growth', '什么在增长，什么不增长'],
                          'pit-data-index': ['pitfalls', '对 0 维张量使用 `loss.data[0]`'],
                          'pit-data-parallel-loss': ['pitfalls', '只在多卡时报错：`nn.DataParallel` 每张 GPU 返回一个损失'],
                          'pit-deepcopy-graph': ['training_loops',
                                                 '对模型做 `deepcopy`：`Only Tensors created explicitly by the '
                                                 'user (graph leaves) support the deepcopy protocol`'],
                          'pit-embedding-max-norm': ['pitfalls', '`nn.Embedding(max_norm=...)` 会原地重新归一化权重'],
                          'pit-empty-params': ['training_loops', '`optimizer got an empty parameter list`'],
                          'pit-grad-none': ['pitfalls', '`.grad` 是 `None`：所有成因汇总'],
                          'pit-grad-none-zero': ['pitfalls',
                                                 "`'NoneType' object has no attribute 'zero_'`：梯度还不存在就先清零"],
                          'pit-hidden-state': ['training_loops', '跨迭代传递的循环神经网络隐藏状态'],
                          'pit-inplace-decode': ['pitfalls', '读懂原地操作报错：是哪个张量，又是什么改了它'],
                          'pit-inplace-layers': ['pitfalls', '原地运算的层：哪一个相邻的层会让 `inplace=True` 报错'],
                          'pit-inplace-saved': ['pitfalls', '对保存下来供反向传播使用的张量做原地操作'],
                          'pit-leaf-device': ['pitfalls', '在 `requires_grad=True` 之后移动张量，它就成了非叶子张量'],
                          'pit-leaf-inplace': ['pitfalls',
                                               '`a leaf Variable that requires grad is being used in an '
                                               'in-place operation`'],
                          'pit-leaf-out': ['pitfalls',
                                           "`functions with out=... arguments don't support automatic "
                                           'differentiation`'],
                          'pit-loss-dtype': ['training_loops',
                                             '`Found dtype Long but expected Float`：目标的 dtype'],
                          'pit-loss-number': ['pitfalls', "`'int' object has no attribute 'backward'`"],
                          'pit-module-state': ['training_loops', '状态保存在模块里：脉冲神经元和其他有状态的层'],
                          'pit-no-grad-fn': ['pitfalls',
                                             '`element 0 of tensors does not require grad and does not have '
                                             'a grad_fn`'],
                          'pit-non-leaf-grad': ['pitfalls', '读取非叶子张量的 `.grad`'],
                          'pit-non-scalar': ['pitfalls', '对不是标量的张量调用 `backward()`'],
                          'pit-resize-requires-grad': ['pitfalls',
                                                       '`cannot resize variables that require '
                                                       'grad`：收集输出的缓冲区'],
                          'pit-retain-graph': ['pitfalls', '为了消除报错而加上的 `retain_graph=True`'],
                          'pit-rollout-graph': ['training_loops',
                                                '强化学习：更新时重用交互数据里的张量（PPO 的多个 epoch、存下的对数概率）'],
                          'pit-running-loss': ['training_loops', '`running_loss += loss` 让每次迭代的计算图都一直存活'],
                          'pit-step-between-backwards': ['training_loops', '在同一张计算图的两次反向传播之间执行了优化步骤'],
                          'pit-step-two-models': ['training_loops', '轮流更新两个模型：演员-评论家及类似算法'],
                          'pit-target-outside-loop': ['training_loops', '在循环外只计算一次的目标值'],
                          'pit-teacher': ['training_loops', '不该学习的教师网络：知识蒸馏、EMA 教师、动量编码器'],
                          'pit-validation-backward': ['training_loops', '在验证步骤或评估模式下调用 `backward()`'],
                          'pit-view-inplace': ['pitfalls',
                                               '`Output 0 of SplitBackward0 is a view and is being modified '
                                               'inplace`'],
                          'rg-anomaly': ['retain_graph', '找出把计算图带进下一次迭代的张量'],
                          'rg-error': ['retain_graph', '复现这个报错'],
                          'rg-gan': ['retain_graph', 'GAN 训练：如今已经跑不通的写法'],
                          'rg-gan-detach': ['retain_graph', 'GAN 里的 `detach()` 该放在哪里，为什么'],
                          'rg-guide': ['retain_graph', '决策指南：遇到这个报错，你属于哪种情况？'],
                          'rg-layerwise': ['retain_graph', '逐层损失，中间夹着冻结的层'],
                          'rg-loop': ['retain_graph', '循环里一直开着 `retain_graph=True`'],
                          'rg-prefix': ['retain_graph', '共享前缀上的两个优化器'],
                          'rg-semantics': ['retain_graph', '`retain_graph` 到底做了什么'],
                          'rg-two-losses': ['retain_graph', '同一张计算图上的两个损失'],
                          'rg-two-step': ['retain_graph', '两步式优化器（SAM）：需要第二次前向传播，而不是保留计算图'],
                          'rg-wordings': ['retain_graph', '你粘贴的可能是旧版措辞'],
                          'tc-alternatives': ['torch_compile', '可行的替代方案'],
                          'tc-autograd-function': ['torch_compile', '编译区域里的自定义 `autograd.Function`'],
                          'tc-ca-double': ['torch_compile', '编译式自动求导'],
                          'tc-custom-backend': ['torch_compile',
                                                '自定义后端：“CompiledFunctionBackward returned an incorrect '
                                                'number of gradients”'],
                          'tc-donated': ['torch_compile', '`retain_graph=True` 与捐赠缓冲区'],
                          'tc-double': ['torch_compile', '双重反向传播：报错'],
                          'tc-early-errors': ['torch_compile', '反向传播的错误，由编译后的前向调用抛出'],
                          'tc-gan-step': ['torch_compile', '把整个 GAN 训练步骤编译成一个函数'],
                          'tc-graph-break': ['torch_compile', '图中断让普通节点回到图中'],
                          'tc-module-backward-hook': ['torch_compile', '`fullgraph=True` 下的模块反向钩子'],
                          'tc-twice': ['torch_compile', '在编译区域上再做一次反向传播'],
                          'var-anomaly': ['variable', '异常检测'],
                          'var-assign-parameter': ['variable',
                                                   "`cannot assign 'torch.FloatTensor' as parameter "
                                                   "'weight'`"],
                          'var-data': ['variable', '`data`：包在里面的张量，以及为什么不该用它'],
                          'var-detach': ['variable', '`detach`、`detach_` 与 `.data`'],
                          'var-dp-replica': ['variable', '在 `nn.DataParallel` 下：`cuda:1 and cuda:0`'],
                          'var-grad-modes': ['variable', '取代 `volatile` 的梯度模式'],
                          'var-history': ['variable', '一张表看懂这段历史'],
                          'var-hooks-vmap': ['variable', '`vmap` 和 `torch.func.grad` 下的钩子：每批只调用一次，或者直接报错'],
                          'var-library-no-grad': ['variable',
                                                  '在 `forward` 里调用 `torch.autograd.grad`，模型却由库来运行'],
                          'var-module-tensors': ['variable', '模块里的张量：参数、缓冲区和普通张量'],
                          'var-node-hooks': ['variable', '计算图节点上的钩子'],
                          'var-old-class': ['variable', '0.3 中的 `Variable` 类概览'],
                          'var-register-hook': ['variable', '`register_hook`'],
                          'var-reinforce': ['variable', '`reinforce`：已经移除，报错信息里附有替代写法'],
                          'var-requires-grad': ['variable', '`requires_grad`'],
                          'var-retain-grad': ['variable', '`retain_grad`'],
                          'var-saved-hooks': ['variable', '保存张量钩子（saved-tensor hooks）'],
                          'var-today': ['variable', '如今的 `torch.autograd.Variable`'],
                          'var-version': ['variable', '版本计数器与原地操作检查']},
              'zh-hant': {'amp-grad-dtype': ['nan_amp', '`autocast` 下的梯度是 `float32`：本來就該如此'],
                          'cf-backward-in-backward': ['custom_function',
                                                      '在 `backward` 裡呼叫 `autograd.grad`：重新計算與可逆網路'],
                          'cf-ctx-attribute': ['custom_function', '「為什麼第二次反向傳播能執行？」：存在 `ctx` 上的張量'],
                          'cf-errors': ['custom_function', '自動微分拒絕自訂 Function 的 `backward` 時'],
                          'cf-func': ['custom_function', '`torch.func`：`setup_context` 與 `vmap` 規則'],
                          'cf-gradcheck': ['custom_function',
                                           '`gradcheck` 失敗：`float32` 下的 `Jacobian mismatch`，或測試點落在不可微點上'],
                          'cf-mark-dirty': ['custom_function', '原地修改的 Function：`mark_dirty`'],
                          'cf-materialize': ['custom_function', '沒用到的輸出：`set_materialize_grads`'],
                          'cf-need-function': ['custom_function', '真的需要自訂 Function 嗎？少了 `backward`'],
                          'cf-non-differentiable': ['custom_function', '沒有梯度的輸出：`mark_non_differentiable`'],
                          'cf-once': ['custom_function', '`once_differentiable`：`backward` 無法微分時，要明白表示'],
                          'cf-save-non-tensor': ['custom_function',
                                                 '`save_for_backward can only save variables`：非張量該放哪裡'],
                          'cf-view-output-inplace': ['custom_function',
                                                     '`This view was created inside a custom '
                                                     'Function`：原地改動它的輸出'],
                          'cf-what-to-save': ['custom_function', '「通過了 gradcheck，梯度懲罰卻算錯」：輸入、輸出還是中間結果'],
                          'cg-attention': ['create_graph',
                                           '注意力層：`_scaled_dot_product_..._attention_backward` 沒有實作導數'],
                          'cg-custom': ['custom_function', '無法二次微分的自訂 `autograd.Function`'],
                          'cg-cycle': ['create_graph', '循環參照'],
                          'cg-grad-vs-backward': ['create_graph',
                                                  '用 `torch.autograd.grad` 還是 '
                                                  '`backward(create_graph=True)`？'],
                          'cg-gradient-penalty': ['create_graph', '梯度懲罰（WGAN-GP）'],
                          'cg-hvp': ['create_graph', 'Hessian 向量積與完整的 Hessian 矩陣'],
                          'cg-inplace': ['create_graph', '原地更新會破壞雙重反向傳播'],
                          'cg-no-grad': ['create_graph', '在 `torch.no_grad()` 內使用 `create_graph=True`'],
                          'cg-not-require': ['create_graph',
                                             '「One of the differentiated Tensors does not require '
                                             'grad」：凍結的參數'],
                          'cg-per-sample': ['create_graph', '逐樣本梯度：用 `vmap` 包住 `torch.func.grad`'],
                          'cg-retain': ['create_graph', '為什麼 `retain_graph` 預設等於 `create_graph`'],
                          'cg-unused': ['create_graph', '梯度不依賴的輸入：`allow_unused`、`materialize_grads`'],
                          'cg-what': ['create_graph', '`create_graph=True` 記錄了什麼'],
                          'dbg-amp-no-inf': ['nan_amp',
                                             '`No inf checks were recorded for this optimizer`：縮放器找不到任何梯度'],
                          'dbg-amp-scaler': ['nan_amp', '`GradScaler` 的錯誤：FP16 梯度、兩次 `unscale_()`、同一步執行兩次'],
                          'dbg-amp-several': ['nan_amp', '一個 `GradScaler` 搭配多個損失與最佳化器：`update()` 只呼叫一次'],
                          'dbg-anomaly-nan': ['nan_amp',
                                              "`Function 'PowBackward1' returned nan values in its 1th "
                                              'output`'],
                          'dbg-closure-no-grad': ['debugging',
                                                  '`optimizer.step(closure)` 裡出現 `element 0 of tensors does '
                                                  'not require grad`'],
                          'dbg-history': ['debugging', '錯在 PyTorch 本身：答案取決於版本'],
                          'dbg-inference-tensors': ['debugging',
                                                    '訓練步驟出現 `Inference tensors cannot be saved for '
                                                    'backward`'],
                          'dbg-jit-hooks': ['debugging',
                                            '反向掛鉤與 TorchScript：`is not supported on ScriptModules`'],
                          'dbg-module-hooks': ['debugging', '模組掛鉤：從來不執行、或看到錯誤張量的反向掛鉤'],
                          'dbg-numpy': ['debugging', "`Can't call numpy() on Tensor that requires grad`"],
                          'ddp-anomaly-dtensor': ['distributed', '張量平行之下的異常偵測模式：`aten._is_any_true` 沒有切分策略'],
                          'ddp-buffers-inplace': ['distributed', '只在 DDP 下出現的原地操作錯誤：每次前向傳播前都會廣播緩衝區'],
                          'ddp-dataparallel-grad': ['distributed',
                                                    '`nn.DataParallel` 與 `autograd.grad`：傳回的張量是副本'],
                          'ddp-dataparallel-replica-grad': ['distributed',
                                                            '`nn.DataParallel` 之下：在 `forward` 或自訂 Function '
                                                            '裡呼叫 `backward()`'],
                          'ddp-deepspeed-engine': ['distributed', '在 DeepSpeed 下：引擎的 backward、它的掛鉤和佔位張量'],
                          'ddp-grad-strides': ['distributed',
                                               '`Grad strides do not match bucket view strides`：一個關於速度的警告'],
                          'ddp-param-grad': ['distributed', '對參數梯度的懲罰：能執行，但用的是本地梯度'],
                          'ddp-ready-twice': ['distributed', '`Expected to mark a variable ready only once`'],
                          'ddp-sharded-grad': ['distributed',
                                               '在 FSDP 或 DeepSpeed ZeRO 下，`param.grad` 是 `None`'],
                          'ddp-unused': ['distributed',
                                         '`Expected to have finished reduction in the prior iteration`'],
                          'ddp-unused-warning': ['distributed',
                                                 '反過來的情況：「`find_unused_parameters=True` was specified ... '
                                                 'but did not find any unused parameters」'],
                          'gb-batchnorm': ['graph_basics', '計算圖裡的 BatchNorm：批次的平均值和變異數參與微分，移動統計量不參與'],
                          'grad-amp': ['gradients', '混合精度：`GradScaler`、梯度裁剪、跳過的步驟與梯度懲罰'],
                          'grad-clip': ['gradients', '`clip_grad_norm_` 傳回 `inf` 或 `nan`'],
                          'grad-forward-missing': ['gradients',
                                                   '「Trying to use forward AD with ... that does not support '
                                                   'it」：`jvp`、`jacfwd` 與 `hessian`'],
                          'grad-func-errors': ['gradients', '`torch.func.vmap` 與 `grad` 裡的錯誤'],
                          'grad-gradient-arg': ['gradients',
                                                '`backward(gradient)` 的「Mismatch in shape」，以及複數損失'],
                          'grad-input': ['gradients', '對輸入求梯度：顯著圖與對抗樣本'],
                          'grad-nondiff': ['gradients', '`argmax`、`round`、閾值：沒有梯度，或梯度為零'],
                          'grad-not-implemented': ['gradients', '「derivative for ... is not implemented」'],
                          'grad-overlap': ['gradients',
                                           '對 `expand` 產生的張量做原地操作：「more than one element ... refers to a '
                                           'single memory location」'],
                          'int-accumulator': ['internals', '為什麼葉張量沒有 `grad_fn`，卻有 `AccumulateGrad`'],
                          'int-freed': ['internals', '在這個層次上，「釋放」是什麼意思'],
                          'int-leaf-moved': ['internals',
                                             '`leaf variable has been moved into the graph interior`'],
                          'int-saved': ['internals', '`SavedVariable`：節點保留了什麼'],
                          'mem-allocator': ['memory_growth', '已配置與保留：快取記憶體配置器'],
                          'mem-ckpt-grad': ['saved_memory', '檢查點包住的函式自己求梯度，以及對評論器做檢查點'],
                          'mem-ckpt-metadata': ['saved_memory', '`CheckpointError`：重新計算算出了別的東西'],
                          'mem-ckpt-per-sample': ['memory_growth', '對使用檢查點的模型計算逐樣本梯度'],
                          'mem-ckpt-reentrant': ['saved_memory', '可重入檢查點：不需要梯度的輸入'],
                          'mem-gc': ['memory_growth', '只有垃圾回收器才能釋放的記憶體'],
                          'mem-oom': ['memory_growth', '記憶體不足：什麼會增長、什麼不會，以及是誰佔住了記憶體'],
                          'mem-oom-batch-one': ['memory_growth', '批次大小為 1 也記憶體不足'],
                          'mem-per-layer': ['saved_memory', '每一層儲存了什麼'],
                          'mem-retain': ['saved_memory', '各種工具搭配 `retain_graph=True`'],
                          'mem-second-step': ['memory_growth', '第一步放得下，第二步卻記憶體不足'],
                          'mem-val-oom': ['memory_growth', '訓練跑得動，驗證卻記憶體不足'],
                          'mem-what-grows': ['memory_growth', '什麼會增長、什麼不會'],
                          'pit-data-index': ['pitfalls', '對 0 維張量使用 `loss.data[0]`'],
                          'pit-data-parallel-loss': ['pitfalls',
                                                     '只在多張 GPU 上出錯：`nn.DataParallel` 每張 GPU 傳回一個損失'],
                          'pit-deepcopy-graph': ['training_loops',
                                                 '對模型做 `deepcopy`：`Only Tensors created explicitly by the '
                                                 'user (graph leaves) support the deepcopy protocol`'],
                          'pit-embedding-max-norm': ['pitfalls', '`nn.Embedding(max_norm=...)` 會原地重新正規化權重'],
                          'pit-empty-params': ['training_loops', '`optimizer got an empty parameter list`'],
                          'pit-grad-none': ['pitfalls', '`.grad` 是 `None`：所有原因一次看'],
                          'pit-grad-none-zero': ['pitfalls',
                                                 "`'NoneType' object has no attribute 'zero_'`：梯度還不存在就先清零"],
                          'pit-hidden-state': ['training_loops', '跨迭代傳遞的 RNN 隱藏狀態'],
                          'pit-inplace-decode': ['pitfalls', '解讀原地操作錯誤：是哪個張量，又是什麼改了它'],
                          'pit-inplace-layers': ['pitfalls', '原地運算的層：哪一個相鄰的層會讓 `inplace=True` 出錯'],
                          'pit-inplace-saved': ['pitfalls', '對反向傳播要用的已儲存張量做原地操作'],
                          'pit-leaf-device': ['pitfalls', '在 `requires_grad=True` 之後才移動張量，會讓它變成非葉張量'],
                          'pit-leaf-inplace': ['pitfalls',
                                               '`a leaf Variable that requires grad is being used in an '
                                               'in-place operation`'],
                          'pit-leaf-out': ['pitfalls',
                                           "`functions with out=... arguments don't support automatic "
                                           'differentiation`'],
                          'pit-loss-dtype': ['training_loops',
                                             '`Found dtype Long but expected Float`：目標的 dtype'],
                          'pit-loss-number': ['pitfalls', "`'int' object has no attribute 'backward'`"],
                          'pit-module-state': ['training_loops', '狀態存在模組裡：脈衝神經元與其他有狀態的層'],
                          'pit-no-grad-fn': ['pitfalls',
                                             '`element 0 of tensors does not require grad and does not have '
                                             'a grad_fn`'],
                          'pit-non-leaf-grad': ['pitfalls', '讀取非葉張量的 `.grad`'],
                          'pit-non-scalar': ['pitfalls', '對非純量張量呼叫 `backward()`'],
                          'pit-resize-requires-grad': ['pitfalls',
                                                       '`cannot resize variables that require '
                                                       'grad`：收集輸出的緩衝區'],
                          'pit-retain-graph': ['pitfalls', '為了讓錯誤消失而加上 `retain_graph=True`'],
                          'pit-rollout-graph': ['training_loops',
                                                '強化學習：更新時重用互動資料裡的張量（PPO 的多個 epoch、存下的對數機率）'],
                          'pit-running-loss': ['training_loops', '`running_loss += loss` 讓每一輪迭代的計算圖都存活下來'],
                          'pit-step-between-backwards': ['training_loops', '在同一張計算圖的兩次反向傳播之間執行最佳化步驟'],
                          'pit-step-two-models': ['training_loops', '輪流更新兩個模型：行動者－評論者與類似的演算法'],
                          'pit-target-outside-loop': ['training_loops', '在迴圈外只算一次的目標值'],
                          'pit-teacher': ['training_loops', '不該學習的教師網路：知識蒸餾、EMA 教師、動量編碼器'],
                          'pit-validation-backward': ['training_loops', '在驗證步驟或評估模式下呼叫 `backward()`'],
                          'pit-view-inplace': ['pitfalls',
                                               '`Output 0 of SplitBackward0 is a view and is being modified '
                                               'inplace`'],
                          'rg-anomaly': ['retain_graph', '找出把計算圖帶進下一輪的張量'],
                          'rg-error': ['retain_graph', '重現這個錯誤'],
                          'rg-gan': ['retain_graph', 'GAN 訓練：如今已無法執行的寫法'],
                          'rg-gan-detach': ['retain_graph', 'GAN 裡的 `detach()` 該放在哪裡，為什麼'],
                          'rg-guide': ['retain_graph', '決策指南：遇到這個錯誤時，你是哪一種情況？'],
                          'rg-layerwise': ['retain_graph', '逐層損失，中間夾著凍結的層'],
                          'rg-loop': ['retain_graph', '在迴圈中開著 `retain_graph=True`'],
                          'rg-prefix': ['retain_graph', '共用前段網路的兩個最佳化器'],
                          'rg-semantics': ['retain_graph', '`retain_graph` 的確切作用'],
                          'rg-two-losses': ['retain_graph', '同一張計算圖上的兩個損失'],
                          'rg-two-step': ['retain_graph', '兩步式最佳化器（SAM）：需要第二次前向傳播，不是保留計算圖'],
                          'rg-wordings': ['retain_graph', '你可能搜尋過的舊版錯誤訊息'],
                          'tc-alternatives': ['torch_compile', '可行的替代做法'],
                          'tc-autograd-function': ['torch_compile', '編譯區域裡的自訂 `autograd.Function`'],
                          'tc-ca-double': ['torch_compile', '編譯式自動微分'],
                          'tc-custom-backend': ['torch_compile',
                                                '自訂後端：「CompiledFunctionBackward returned an incorrect number '
                                                'of gradients」'],
                          'tc-donated': ['torch_compile', '`retain_graph=True` 與捐贈緩衝區'],
                          'tc-double': ['torch_compile', '雙重反向傳播引發的錯誤'],
                          'tc-early-errors': ['torch_compile', '反向傳播的錯誤，由編譯後的前向呼叫引發'],
                          'tc-gan-step': ['torch_compile', '把整個 GAN 訓練步驟編譯成一個函式'],
                          'tc-graph-break': ['torch_compile', '圖中斷讓一般節點回到計算圖裡'],
                          'tc-module-backward-hook': ['torch_compile', '`fullgraph=True` 之下的模組反向掛鉤'],
                          'tc-twice': ['torch_compile', '對編譯區域做第二次反向傳播'],
                          'var-anomaly': ['variable', '異常偵測'],
                          'var-assign-parameter': ['variable',
                                                   "`cannot assign 'torch.FloatTensor' as parameter "
                                                   "'weight'`"],
                          'var-data': ['variable', '`data`：被包裝的張量，以及為什麼不該使用它'],
                          'var-detach': ['variable', '`detach`、`detach_` 與 `.data`'],
                          'var-dp-replica': ['variable', '在 `nn.DataParallel` 下：`cuda:1 and cuda:0`'],
                          'var-grad-modes': ['variable', '取代 `volatile` 的梯度模式'],
                          'var-history': ['variable', '一張表看懂演變'],
                          'var-hooks-vmap': ['variable', '`vmap` 與 `torch.func.grad` 之下的掛鉤：每個批次只呼叫一次，或直接出錯'],
                          'var-library-no-grad': ['variable',
                                                  '在 `forward` 裡呼叫 `torch.autograd.grad`，模型卻由函式庫來執行'],
                          'var-module-tensors': ['variable', '模組裡的張量：參數、緩衝區與普通張量'],
                          'var-node-hooks': ['variable', '計算圖節點上的掛鉤'],
                          'var-old-class': ['variable', '0.3 版類別概覽'],
                          'var-register-hook': ['variable', '`register_hook`'],
                          'var-reinforce': ['variable', '`reinforce`：已移除，錯誤訊息裡附有替代寫法'],
                          'var-requires-grad': ['variable', '`requires_grad`'],
                          'var-retain-grad': ['variable', '`retain_grad`'],
                          'var-saved-hooks': ['variable', '已儲存張量掛鉤'],
                          'var-today': ['variable', '今天的 `torch.autograd.Variable`'],
                          'var-version': ['variable', '版本計數器與原地操作檢查']}},
 'source': 'book/errors.yml (python -m utils.book.explain_data)'}
