"""Every registered tabletop game in the ecosystems RL and game-AI code reaches for first.

Each adapter is an optional extra with its own dependencies, imported on its own:

- ``tabletop.adapters.openspiel`` (``pip install tabletop[openspiel]``): every game registered
  with pyspiel as ``tabletop_<name>``;
- ``tabletop.adapters.pettingzoo`` (``tabletop[pettingzoo]``): ``env(name, **options)``, an AEC
  environment, and ``parallel_env`` for games with simultaneous choices;
- ``tabletop.adapters.gymnasium`` (``tabletop[gymnasium]``): ``TabletopEnv``, one seat against
  tabletop agents.

All three read the same kernel contract: ``state.observation_tensor(seat)`` (computed from
``observation(seat)`` alone), ``state.legal_action_mask()`` and the integer action ids.
"""
