# The Debian images, newest first
import pulumi
import pulumi_hosting as hosting

debian = hosting.get_os_images_output(family="debian")

pulumi.export("slugs", debian.slugs)
