module example.com/bubble-layout

go 1.19
