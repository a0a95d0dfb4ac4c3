try:
    from pnp.launch import run

    run()
except KeyboardInterrupt:  # Ctrl-C before pnp's command line took it (pnp.cli.run): one line, no traceback
    from pnp.launch import stopped

    stopped()
