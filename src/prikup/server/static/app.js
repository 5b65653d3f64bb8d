// prikup in the browser: the entry point (plain ES modules under js/, no build step).
import "./js/main.js";
