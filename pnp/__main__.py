from pnp.launch import run

run()
